import type { Artist } from '@heavy-rotation/spotify';
import type { CSSProperties } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { listRowColour, listRowWidth } from '../list-rows.ts';
import styles from './ranked-list-card.module.css';

/**
 * One row of the card. A locked row (artist null) carries nothing of the artist, not even hidden:
 * only its rank and placeholder art (docs/decisions/005-locked-rows-and-share-backgrounds.md).
 */
export function ListRow({ rank, artist, cover }: { rank: number; artist: Artist | null; cover?: string }) {
  const style: CSSProperties = { width: listRowWidth(rank), '--row': listRowColour(rank) };
  if (!artist)
    return (
      <li className={`${styles.row} ${styles.locked}`} style={style}>
        <span className="visually-hidden">{t('top40.lockedRow', { rank: rank + 1 })}</span>
        <span className={styles.rank} aria-hidden="true">
          {rank + 1}
        </span>
        <span className={styles.placeholder} aria-hidden="true" />
      </li>
    );
  return (
    <li className={styles.row} style={style}>
      <span className={styles.rank}>{rank + 1}</span>
      {cover ? (
        <img className={styles.cover} src={cover} alt="" width={15} height={15} crossOrigin="anonymous" />
      ) : (
        <span className={styles.cover} />
      )}
      <span className={styles.name} dir="auto">
        {artist.name}
      </span>
    </li>
  );
}
