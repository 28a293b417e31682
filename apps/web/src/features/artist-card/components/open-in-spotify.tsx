import { t } from '../../../i18n/i18n.ts';
import type { LinkState } from '../use-share-view-data.ts';
import styles from './artist-share-view.module.css';

/**
 * Top-left link to the artist: 'Open in Spotify', or in the listener's source when no Spotify link is
 * known; disabled with 'Loading...' while it loads, disabled when it is missing.
 */
export function OpenInSpotify({ link, label = 'Spotify' }: { link: LinkState; label?: string }) {
  if (link.status === 'ready')
    return (
      <a className={styles.open} href={link.href} target="_blank" rel="noopener noreferrer">
        {t('artist.open', { service: label })}
      </a>
    );
  return (
    <button type="button" className={styles.open} disabled>
      {link.status === 'loading' ? t('common.loading') : t('artist.open', { service: label })}
    </button>
  );
}
