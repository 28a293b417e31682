import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ExportUpload } from '../../features/data-export/components/export-upload.tsx';
import { saveImport } from '../../features/data-export/save-import.ts';
import styles from '../../features/landing/components/landing.module.css';
import { LandingFrame } from '../../features/landing/components/landing-frame.tsx';
import { track } from '../../lib/analytics.ts';

/**
 * /upload: a data export instead of a sign-in (docs/product.md, "The data exports"). `#apple-music`
 * (from /login's "Apple Music or YouTube Music") opens it at those two.
 */
export function UploadRoute() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    if (!id) return;
    // The sections render with the screen, after the browser looked for the anchor.
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <LandingFrame startDelayMs={1000}>
      <ExportUpload
        onImported={async (result) => {
          await saveImport(result);
          track({ name: 'sign_in', source: 'export' });
          navigate('/', { replace: true });
        }}
      />
      <Link className={styles.secondaryLink} to="/login">
        Back to sign-in options
      </Link>
    </LandingFrame>
  );
}
