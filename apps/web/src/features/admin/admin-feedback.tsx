import styles from './admin.module.css';

/** What the last action came to, said politely to screen readers; `bad` when it failed. */
export interface Notice {
  text: string;
  bad: boolean;
}

/** The line under a panel's actions that reports the last one (empty until there is one). */
export function NoticeLine({ notice }: { notice: Notice | undefined }) {
  return (
    <p role="status" className={notice?.bad ? styles.error : styles.success}>
      {notice?.text}
    </p>
  );
}

/** A panel whose data could not be loaded: the reason and a way to try again. */
export function LoadProblem({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className={styles.problem} role="alert">
      <p>{error.message}</p>
      <button type="button" className={styles.button} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
