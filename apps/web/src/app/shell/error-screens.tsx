import { isConfigurationError } from '../../config/validate-config.ts';
import styles from './error-screens.module.css';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'An error occurred';
}

function ConfigurationErrorScreen({ details }: { details: string }) {
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Configuration Error</h1>
      <p className={styles.text}>
        The application is missing required configuration. Please contact support or check the setup.
      </p>
      <pre className={styles.details}>{details}</pre>
    </main>
  );
}

/** A screen that failed: 'Something went wrong', the message, 'Try again' (reloads). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  if (isConfigurationError(error)) return <ConfigurationErrorScreen details={messageOf(error)} />;
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{messageOf(error)}</p>
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}

/** The last line of defence around the whole app. */
export function GlobalErrorScreen({ error }: { error: unknown }) {
  if (isConfigurationError(error)) return <ConfigurationErrorScreen details={messageOf(error)} />;
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{messageOf(error)}</p>
      <p className={styles.text}>Don't worry, your progress is saved.</p>
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        Reload App
      </button>
    </main>
  );
}
