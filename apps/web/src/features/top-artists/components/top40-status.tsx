import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EXPORT_LABEL } from '../../../lib/export-listener.ts';
import { currentListener } from '../../../lib/listener.ts';
import { clearSourceSession, SOURCE_LABEL } from '../../../lib/source-session.ts';
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
  const listener = currentListener();
  const empty = message === 'No artists found';
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
      {empty && listener.kind === 'export' ? (
        <p className={styles.hint}>
          Your {EXPORT_LABEL[listener.guest.kind]} data has no music plays in its last four weeks.{' '}
          <Link to="/upload">Upload a newer export</Link>
        </p>
      ) : null}
      {empty && listener.kind !== 'export' ? (
        <p className={styles.hint}>
          {SOURCE_LABEL[listener.kind === 'source' ? listener.session.source : 'spotify']} hasn't ranked your
          listening yet. Play some music and check back in a few days.
        </p>
      ) : null}
      {kind === 'signed-out' && listener.kind === 'source' ? (
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
