import { lazy, Suspense, useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import styles from './top40-menu.module.css';
import type { Top40MenuProps } from './top40-menu.tsx';

const Top40Menu = lazy(() => import('./top40-menu.tsx').then((m) => ({ default: m.Top40Menu })));

function DotsButton({ onActivate }: { onActivate?: () => void }) {
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={t('common.menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onActivate}
      onPointerEnter={onActivate ? () => import('./top40-menu.tsx') : undefined}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
        <circle cx="5" cy="12" r="2.2" />
        <circle cx="12" cy="12" r="2.2" />
        <circle cx="19" cy="12" r="2.2" />
      </svg>
    </button>
  );
}

/**
 * The header menu, loaded on first use: the Radix menu and its positioning code stay out of the first
 * paint of the Top 40 screen. Until then a look-alike button stands in and opens it when pressed.
 */
export function MenuButton(props: Top40MenuProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <DotsButton onActivate={() => setWanted(true)} />;
  return (
    <Suspense fallback={<DotsButton />}>
      <Top40Menu {...props} defaultOpen />
    </Suspense>
  );
}
