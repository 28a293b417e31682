import { isConfigurationError } from '../../config/validate-config.ts';
import { t } from '../../i18n/i18n.ts';
import { BackendError } from '../../lib/backend.ts';
import { failureText } from '../../lib/failure-text.ts';
import styles from './error-screens.module.css';

/**
 * A screen that failed: 'Something went wrong', the message, a button that reloads; around the whole
 * app (`whole`), with a word that progress is saved. A missing configuration says so instead, with
 * its details as they are (they are for whoever sets the app up, and are checked before any catalog loads).
 */
export function ErrorScreen({ error, whole }: { error: unknown; whole: boolean }) {
  // A call to our server is worded by its code (lib/failure-text.ts); any other error's own words are
  // a developer's, shown as they are.
  const message =
    error instanceof BackendError
      ? failureText(error)
      : error instanceof Error
        ? error.message
        : t('shell.error.unknown');
  if (isConfigurationError(error)) {
    return (
      <main className={styles.screen}>
        <h1 className={styles.title}>{t('shell.error.configTitle')}</h1>
        <p className={styles.text}>{t('shell.error.configText')}</p>
        <pre className={styles.details}>{message}</pre>
      </main>
    );
  }
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>{t('common.somethingWentWrong')}</h1>
      <p className={styles.text}>{message}</p>
      {whole && <p className={styles.text}>{t('shell.error.progressSaved')}</p>}
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        {whole ? t('shell.error.reloadApp') : t('common.tryAgain')}
      </button>
    </main>
  );
}
