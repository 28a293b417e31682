import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/i18n.ts';
import { EXPORT_LABEL } from '../../../lib/export-listener.ts';
import { currentListener } from '../../../lib/listener.ts';
import { clearSourceSession, SOURCE_LABEL } from '../../../lib/source-session.ts';
import type { TopArtistsErrorKind } from '../describe-error.ts';
import styles from './top40-status.module.css';

export function Top40Loading() {
  return <Spinner label={t('top40.loading')} />;
}

// Stands for the link in a sentence, so each language puts the link where its words need it.
const LINK_MARK = '\uE000';

function withLink(text: string, link: ReactNode) {
  const [before, after] = text.split(LINK_MARK);
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
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
  const empty = kind === 'empty';
  return (
    <div className={styles.wrap}>
      <p className={styles.message} role="alert">
        {message}
      </p>
      {kind === 'guest' ? (
        <p className={styles.hint}>
          {withLink(
            t('top40.guestHint', { link: LINK_MARK }),
            <Link to="/signup">{t('top40.joinWaitlist')}</Link>,
          )}
        </p>
      ) : null}
      {empty && listener.kind === 'export' ? (
        <p className={styles.hint}>
          {t('top40.exportEmpty', { source: EXPORT_LABEL[listener.guest.kind] })}{' '}
          <Link to="/upload">{t('top40.uploadNewer')}</Link>
        </p>
      ) : null}
      {empty && listener.kind !== 'export' ? (
        <p className={styles.hint}>
          {t('top40.sourceEmpty', {
            source: SOURCE_LABEL[listener.kind === 'source' ? listener.session.source : 'spotify'],
          })}
        </p>
      ) : null}
      {kind === 'signed-out' && listener.kind === 'source' ? (
        <p className={styles.hint}>
          <Link to="/login" onClick={clearSourceSession}>
            {t('top40.signInAgain')}
          </Link>
        </p>
      ) : null}
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('top40.tryAgain')}
      </button>
    </div>
  );
}
