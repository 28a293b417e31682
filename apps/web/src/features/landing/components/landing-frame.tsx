import type { ReactNode } from 'react';
import { AnimatedBackground } from './animated-background.tsx';
import styles from './landing.module.css';

/**
 * The frame of the login and signup screens: the animated background, the wordmark as the page heading,
 * the panel with the screen's own content, and the desktop note. `after` renders outside the panel (sheets).
 */
export function LandingFrame({
  startDelayMs,
  children,
  after,
}: {
  startDelayMs: number;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <main className={styles.screen}>
      <AnimatedBackground startDelayMs={startDelayMs} />
      <div className={styles.panel}>
        <h1 className={styles.brand}>
          <img className={styles.wordmark} src="/wordmark.svg" alt="Heavy Rotation" width={280} height={80} />
        </h1>
        {children}
        <p className={styles.desktopNote}>Note: for best experience, use on mobile</p>
      </div>
      {after}
    </main>
  );
}
