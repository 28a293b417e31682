import { isConfigurationError } from '../../config/validate-config.ts';
import styles from './error-screens.module.css';

/**
 * A screen that failed: 'Something went wrong', the message, a button that reloads; around the whole
 * app (`whole`), with a word that progress is saved. A missing configuration says so instead.
 */
export function ErrorScreen({ error, whole }: { error: unknown; whole: boolean }) {
  const message = error instanceof Error ? error.message : 'An error occurred';
  if (isConfigurationError(error)) {
    return (
      <main className={styles.screen}>
        <h1 className={styles.title}>Configuration Error</h1>
        <p className={styles.text}>
          The application is missing required configuration. Please contact support or check the setup.
        </p>
        <pre className={styles.details}>{message}</pre>
      </main>
    );
  }
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{message}</p>
      {whole && <p className={styles.text}>Don't worry, your progress is saved.</p>}
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        {whole ? 'Reload App' : 'Try again'}
      </button>
    </main>
  );
}
