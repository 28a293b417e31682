import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ExportUpload } from '../../features/data-export/components/export-upload.tsx';
import { saveImport } from '../../features/data-export/save-import.ts';
import styles from '../../features/landing/components/landing.module.css';
import { LandingFrame } from '../../features/landing/components/landing-frame.tsx';
import { t } from '../../i18n/i18n.ts';
import { track } from '../../lib/analytics.ts';

/**
 * /upload: a data export instead of a sign-in (docs/product.md, "The data exports"). `#apple-music`
 * (from /login's "Apple Music or YouTube Music") opens it at those two.
 */
export function UploadRoute() {
  const [, navigate] = useLocation();
  useEffect(() => {
    // The sections render with the screen, after the browser looked for the anchor: on arrival (the
    // router leaves the hash to the address bar), and when Back or Forward changes only the hash.
    const showAnchor = () => {
      const id = window.location.hash.slice(1);
      if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
    };
    showAnchor();
    window.addEventListener('hashchange', showAnchor);
    return () => window.removeEventListener('hashchange', showAnchor);
  }, []);
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
        {t('landing.backToOptions')}
      </Link>
    </LandingFrame>
  );
}
