import type { ReactNode } from 'react';
import styles from './progress.module.css';

/** A game's progress under its title (the quiz's, a friend's challenge): what it says, and a bar that fills. */
export function Progress({ done, total, children }: { done: number; total: number; children: ReactNode }) {
  return (
    <>
      <p className={styles.text}>{children}</p>
      <div className={styles.bar} aria-hidden="true">
        <span style={{ width: `${(done / Math.max(total, 1)) * 100}%` }} />
      </div>
    </>
  );
}
