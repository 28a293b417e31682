import type { Artist } from '@heavy-rotation/spotify';
import { memo, startTransition, useEffect, useState } from 'react';
import { afterFirstScreen, pageSettled } from '../../../boot/after-load.ts';
import { t } from '../../../i18n/i18n.ts';
import type { Move } from '../chart.ts';
import { useImageQueue } from '../use-image-queue.ts';
import { LockedRow, RevealedRow } from './artist-row.tsx';
import styles from './top40-list.module.css';

export interface Top40ListProps {
  artists: Artist[];
  revealed: number[];
  /** Plays the shine on the lowest revealed row. */
  shine: boolean;
  /** Each rank's movement this week, or null when there is nothing to compare with. */
  moves: readonly Move[] | null;
  onOpenRevealed: (index: number) => void;
  onOpenLocked: (index: number) => void;
}

/**
 * Rows 1-40: revealed rows with name and image, locked rows with placeholders only. Memoised: the screen
 * around it changes (sheets, notices, lines arriving) without drawing the 40 rows again.
 */
export const Top40List = memo(function Top40List({
  artists,
  revealed,
  shine,
  moves,
  onOpenRevealed,
  onOpenLocked,
}: Top40ListProps) {
  const images = useImageQueue(artists, revealed);
  const count = useRowsToDraw(artists.length);
  const shown = new Set(revealed);
  const shineIndex = artists.findIndex((_, i) => shown.has(i));
  return (
    <ol className={styles.list} aria-label={t('top40.listLabel')}>
      {artists.slice(0, count).map((artist, index) =>
        shown.has(index) ? (
          <RevealedRow
            key={artist.id}
            artist={artist}
            index={index}
            imageUrl={images.get(index)}
            shine={shine && index === shineIndex}
            move={moves?.[index]}
            onOpen={() => onOpenRevealed(index)}
          />
        ) : (
          <LockedRow
            // biome-ignore lint/suspicious/noArrayIndexKey: a locked row's only identity is its rank.
            key={`locked-${index + 1}`}
            index={index}
            move={moves?.[index]}
            onOpen={() => onOpenLocked(index)}
          />
        ),
      )}
    </ol>
  );
});

/** Rows a phone's first screen shows, and a few more. */
const FIRST_FRAME_ROWS = 12;

/** Turns a copy of the list into the list as a page load first draws it: its first rows only. */
export function settleListRows(frame: HTMLElement): void {
  const list = styles.list;
  if (!list) return;
  const rest = frame.querySelectorAll(`.${CSS.escape(list)} > li:nth-child(n+${FIRST_FRAME_ROWS + 1})`);
  for (const row of rest) row.remove();
}

/**
 * How many rows to draw. The page's first frame draws the rows a phone shows; the rest follow once it is
 * on screen (boot/after-load.ts), in a render the browser may interrupt (docs/architecture.md, "The first
 * frame"). Later visits to the list draw every row at once.
 */
function useRowsToDraw(total: number): number {
  const [all, setAll] = useState(pageSettled);
  useEffect(() => {
    if (all) return;
    let live = true;
    afterFirstScreen(() => live && startTransition(() => setAll(true)));
    return () => {
      live = false;
    };
  }, [all]);
  return all ? total : Math.min(total, FIRST_FRAME_ROWS);
}

export function fewerThan40Text(count: number): string {
  return t('top40.fewerThan40', { count });
}
