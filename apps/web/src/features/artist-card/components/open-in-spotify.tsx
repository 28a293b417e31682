import type { LinkState } from '../use-share-view-data.ts';
import styles from './artist-share-view.module.css';

/** Top-left provider link: disabled with 'Loading...' while it loads, disabled when it is missing. */
export function OpenInSpotify({ link }: { link: LinkState }) {
  if (link.status === 'ready')
    return (
      <a className={styles.open} href={link.href} target="_blank" rel="noopener noreferrer">
        Open in Spotify
      </a>
    );
  return (
    <button type="button" className={styles.open} disabled>
      {link.status === 'loading' ? 'Loading...' : 'Open in Spotify'}
    </button>
  );
}
