import type { Artist } from '@heavy-rotation/spotify';
import { ArtistPicture } from '../../../components/ui/artist-picture.tsx';
import { t } from '../../../i18n/i18n.ts';
import { imageUrl } from '../../../lib/artist-image.ts';
import { rankColour } from '../../../lib/rank-scale.ts';
import styles from './quiz-grid.module.css';

export interface QuizGridProps {
  artists: Artist[];
  unlocked: Set<number>;
  /** The rank that just unlocked, to play its reveal. */
  fresh: number | null;
  /** Opens a locked rank's hints; absent in hard mode, where a locked rank is not a control. */
  onLockedTap: ((index: number) => void) | undefined;
}

function imageOf(artist: Artist): string | undefined {
  return imageUrl(artist.images, 120);
}

/** The ranks: unlocked ones with name and picture, locked ones as our own placeholders only. */
export function QuizGrid({ artists, unlocked, fresh, onLockedTap }: QuizGridProps) {
  return (
    <ol className={styles.grid} aria-label={t('quiz.ranks')}>
      {artists.map((artist, index) => {
        const rank = index + 1;
        const colour = rankColour(index);
        if (!unlocked.has(index)) {
          const inner = (
            <>
              <span className={styles.rank} aria-hidden="true">
                {rank}
              </span>
              <span className={styles.lock} aria-hidden="true">
                ?
              </span>
              <span className={styles.blur} aria-hidden="true">
                ••••• •••
              </span>
            </>
          );
          return (
            <li key={`locked-${rank}`} className={styles.cell}>
              {onLockedTap ? (
                <button
                  type="button"
                  className={styles.locked}
                  style={{ '--rank': colour }}
                  aria-label={t('top40.lockedRow', { rank })}
                  onClick={() => onLockedTap(index)}
                >
                  {inner}
                </button>
              ) : (
                <div
                  className={styles.locked}
                  style={{ '--rank': colour }}
                  role="img"
                  aria-label={t('top40.lockedRow', { rank })}
                >
                  {inner}
                </div>
              )}
            </li>
          );
        }
        const src = imageOf(artist);
        return (
          <li
            key={artist.id}
            className={index === fresh ? `${styles.cell} ${styles.fresh}` : styles.cell}
            style={{ '--rank': colour }}
          >
            <div className={styles.open}>
              <span className={styles.rank}>
                <span className="visually-hidden">{t('quiz.rank')} </span>
                {rank}
              </span>
              <ArtistPicture className={styles.image} src={src} size={120} lazy />
              <span className={styles.name}>{artist.name}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
