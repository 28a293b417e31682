import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EXPORT_LABEL, isGuest, readExportListener } from '../../../lib/export-listener.ts';
import { clearSourceSession, readSourceSession, SOURCE_LABEL } from '../../../lib/source-session.ts';
import type { TopArtistsErrorKind } from '../describe-error.ts';
import styles from './top40-status.module.css';

export function Top40Loading() {
  return <Spinner label="Loading your top artists..." />;
}

/** The error state: the text, 'Try Again', and for listeners off the allow list a way onto it. */
export function Top40Error({
  message,
  kind,
  onRetry,
}: {
  message: string;
  kind: TopArtistsErrorKind | null;
  onRetry: () => void;
}) {
  return (
    <div className={styles.wrap}>
      <p className={styles.message} role="alert">
        {message}
      </p>
      {kind === 'guest' ? (
        <p className={styles.hint}>
          Access is limited while we grow. <Link to="/signup">Join the waitlist</Link> and we'll email you
          when there's room.
        </p>
      ) : null}
      {message === 'No artists found' && isGuest() ? (
        <p className={styles.hint}>
          Your {EXPORT_LABEL[readExportListener()?.kind ?? 'spotify']} data has no music plays in its last
          four weeks. <Link to="/upload">Upload a newer export</Link>
        </p>
      ) : null}
      {message === 'No artists found' && !isGuest() ? (
        <p className={styles.hint}>
          {SOURCE_LABEL[readSourceSession()?.source ?? 'spotify']} hasn't ranked your listening yet. Play some
          music and check back in a few days.
        </p>
      ) : null}
      {kind === 'signed-out' && readSourceSession() ? (
        <p className={styles.hint}>
          <Link to="/login" onClick={clearSourceSession}>
            Sign in again
          </Link>
        </p>
      ) : null}
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
