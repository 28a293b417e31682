import { Link, useNavigate } from 'react-router';
import styles from '../../features/landing/components/landing.module.css';
import { LandingFrame } from '../../features/landing/components/landing-frame.tsx';
import { ExportUpload } from '../../features/spotify-export/components/export-upload.tsx';
import { saveImport } from '../../features/spotify-export/save-import.ts';
import { track } from '../../lib/analytics.ts';

/** /upload: a Spotify data export instead of a sign-in (docs/product.md, "The Spotify data export"). */
export function UploadRoute() {
  const navigate = useNavigate();
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
