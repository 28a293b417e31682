import type { Artist } from '@heavy-rotation/spotify';
import type { CSSProperties } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { playsOf, playsText } from '../../../lib/plays.ts';
import { rankColour, rowWidth } from '../../../lib/rank-scale.ts';
import { type Move, moveLabel } from '../chart.ts';
import styles from './artist-row.module.css';

interface RowFrameProps {
  index: number;
  shine?: boolean;
  /** Movement against the list of a week before; absent when there is nothing to compare with. */
  move?: Move | undefined;
}

/** The rank, and under it the row's movement ("▲ 3"); the words are for the row's accessible name. */
function RankCell({ index, move, hidden }: { index: number; move: Move | undefined; hidden: boolean }) {
  const label = move ? moveLabel(move) : undefined;
  return (
    <span className={styles.rankCell} aria-hidden={hidden || undefined}>
      <span className={styles.rank}>{index + 1}</span>
      {label && move ? (
        <span className={styles.move} data-move={move.kind} aria-hidden="true">
          {label.mark}
        </span>
      ) : null}
    </span>
  );
}

function frameStyle(index: number): CSSProperties {
  return { '--row-color': rankColour(index), maxWidth: `${rowWidth(index)}px` };
}

/** Up to two initials of a name ("Simon & Garfunkel" → "SG"), for the placeholder art. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}|^\p{N}/u.test(w));
  return (words.length > 0 ? words : [name])
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}

export function RevealedRow({
  artist,
  index,
  imageUrl,
  shine,
  move,
  onOpen,
}: RowFrameProps & { artist: Artist; imageUrl: string | undefined; onOpen: () => void }) {
  const plays = playsOf(artist);
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={`${styles.row} ${shine ? styles.shine : ''}`}
        style={frameStyle(index)}
        onClick={onOpen}
      >
        <RankCell index={index} move={move} hidden={false} />
        <span className={styles.art}>
          {imageUrl ? (
            // Requested with CORS, as the share view and the story image ask for the same picture: the
            // service worker's cached copy then serves both (an opaque copy would fail the others).
            <img
              src={imageUrl}
              crossOrigin="anonymous"
              alt=""
              width={56}
              height={56}
              decoding="async"
              onError={() => console.warn(`Image failed to load for rank ${index + 1}`)}
            />
          ) : (
            // Until (or unless) an image arrives: the artist's initials, our own placeholder.
            <span className={styles.initials} aria-hidden="true">
              {initials(artist.name)}
            </span>
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{artist.name}</span>
          {plays ? <span className={styles.plays}>{playsText(plays)}</span> : null}
          {move ? (
            <span className="visually-hidden">{t('top40.rowMove', { move: moveLabel(move).words })}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

// Fixed per-rank filler so the blur says nothing about the hidden name's length.
const FILLERS = ['Xxxxx Xxxxxxx', 'Xxxxxxxxx', 'Xxx Xxxxxxxxxx', 'Xxxxxxx Xxx', 'Xxxxxxxxxxx'];

/** docs/decisions/005-locked-rows-and-share-backgrounds.md: a locked row carries no name and no image, only our placeholder art. */
export function LockedRow({ index, move, onOpen }: RowFrameProps & { onOpen: () => void }) {
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={`${styles.row} ${styles.locked}`}
        style={frameStyle(index)}
        onClick={onOpen}
        // Movement says nothing of who (docs/product.md, "The weekly chart").
        aria-label={
          move
            ? t('top40.lockedRowMoved', { rank: index + 1, move: moveLabel(move).words })
            : t('top40.lockedRow', { rank: index + 1 })
        }
      >
        <RankCell index={index} move={move} hidden />
        <span className={`${styles.art} ${styles.placeholderArt}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
            <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
          </svg>
        </span>
        <span className={`${styles.name} ${styles.filler}`} aria-hidden="true">
          {FILLERS[index % FILLERS.length]}
        </span>
      </button>
    </li>
  );
}
