import type { Artist } from '@heavy-rotation/spotify';
import { useCallback } from 'react';
import { CloseButton, FullScreenDialog } from '../../../components/ui/full-screen-dialog.tsx';
import { StoryShareButton } from '../../../components/ui/story-share-button.tsx';
import { loadedConfig } from '../../../config/app-config.ts';
import { t } from '../../../i18n/i18n.ts';
import { WORDMARK_URL } from '../../../lib/story-canvas.ts';
import { drawListStory } from '../draw-list-story.ts';
import { CARD_HEIGHT, CARD_WIDTH, coverUrl, listShareText, MAX_ROWS } from '../list-rows.ts';
import { useFitScale, useImagesReady } from '../use-list-card.ts';
import { ListRow } from './list-row.tsx';
import styles from './ranked-list-card.module.css';

export interface RankedListCardProps {
  artists: Artist[];
  /** Unlocked 0-based indices. */
  revealed: number[];
  /** The quiz was finished in hard mode: the share text says so. */
  hard?: boolean;
  onClose: () => void;
}

/** The ranked list card (docs/product.md, "The list card and the share view"): the whole list as one shareable card; locked rows show nothing. */
export function RankedListCard({ artists, revealed, hard = false, onClose }: RankedListCardProps) {
  const productName = loadedConfig()?.productName ?? 'Heavy Rotation';
  const rows = artists.slice(0, MAX_ROWS);
  const shown = new Set(revealed);
  const covers = rows.flatMap((a, i) => {
    const url = shown.has(i) ? coverUrl(a) : undefined;
    return url ? [url] : [];
  });
  const ready = useImagesReady(covers);
  const scale = useFitScale();
  const revealedKey = revealed.join(',');
  const render = useCallback(
    () => drawListStory(artists, revealedKey ? revealedKey.split(',').map(Number) : [], productName),
    [artists, revealedKey, productName],
  );

  return (
    <FullScreenDialog label={t('top40.cardLabel')} onClose={onClose} className={styles.dialog}>
      <div className={styles.screen}>
        <div className={styles.top}>
          <h2 className={styles.heading}>{t('top40.cardHeading')}</h2>
          <CloseButton onClose={onClose} />
        </div>
        {ready ? (
          <>
            <div className={styles.frame} style={{ width: CARD_WIDTH * scale, height: CARD_HEIGHT * scale }}>
              <div className={styles.card} style={{ '--scale': scale }}>
                <img className={styles.logo} src={WORDMARK_URL} alt={productName} width={196} height={56} />
                <ol className={styles.rows} aria-label={t('top40.cardRows')}>
                  {rows.map((artist, i) => (
                    <ListRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's identity is its rank
                      key={i}
                      rank={i}
                      artist={shown.has(i) ? artist : null}
                      cover={shown.has(i) ? coverUrl(artist) : undefined}
                    />
                  ))}
                </ol>
              </div>
            </div>
            <StoryShareButton render={render} fileName="my-top-40.jpg" text={listShareText(hard)} />
          </>
        ) : (
          <p className={styles.loading} role="status">
            {t('top40.cardLoading')}
          </p>
        )}
      </div>
    </FullScreenDialog>
  );
}
