import type { ReactNode } from 'react';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';

/** What the last action came to, said politely to screen readers; `bad` when it failed. */
export interface Notice {
  text: string;
  bad: boolean;
}

/** The words of a failed call: the server's own sentence when it gave one (lib/backend.ts). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message : fallback;
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
      <button type="button" className={controls.button} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** Why a form was refused, said at once to screen readers; nothing until it was. */
export function FormFailure({ text }: { text: string | undefined }) {
  return text ? (
    <p className={styles.error} role="alert">
      {text}
    </p>
  ) : null;
}

/** The last word before an erasure: what goes for good, then "Erase for good" or Cancel. */
export function ConfirmErase(props: {
  children: ReactNode;
  busy?: boolean;
  onErase: () => void;
  onCancel: () => void;
}) {
  return (
    <div className={styles.confirm}>
      <p>{props.children}</p>
      <div className={styles.actions}>
        <button type="button" className={controls.danger} disabled={props.busy} onClick={props.onErase}>
          Erase for good
        </button>
        <button type="button" className={controls.button} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
