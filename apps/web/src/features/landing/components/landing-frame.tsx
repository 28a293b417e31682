import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { LanguagePicker } from '../../../i18n/language-picker.tsx';
import { AnimatedBackground } from './animated-background.tsx';
import styles from './landing.module.css';

/**
 * The frame of the login and signup screens: the animated background, the wordmark as the page heading,
 * the panel with the screen's own content, the desktop note and the language menu. `after` renders outside the panel (sheets).
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
        <p className={styles.desktopNote}>{t('landing.desktopNote')}</p>
        <LanguagePicker />
      </div>
      {after}
    </main>
  );
}
