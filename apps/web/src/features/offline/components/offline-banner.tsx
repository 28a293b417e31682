import { t } from '../../../i18n/i18n.ts';
import { useNetworkState } from '../use-online.ts';
import styles from './offline-banner.module.css';

/** 'Offline - showing last saved data' while offline; 'Back online! Refreshing…' for 2 s after. */
export function OfflineBanner() {
  const state = useNetworkState();
  return (
    <div className={styles.slot} role="status" aria-live="polite">
      {state === 'offline' ? (
        <p className={`${styles.pill} ${styles.offline}`}>{t('shell.offline.banner')}</p>
      ) : null}
      {state === 'back-online' ? (
        <p className={`${styles.pill} ${styles.online}`}>{t('shell.offline.backOnline')}</p>
      ) : null}
    </div>
  );
}
