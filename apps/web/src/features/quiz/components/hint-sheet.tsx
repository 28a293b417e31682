import { firstLetterHint, letterPatternHint } from '@heavy-rotation/contracts/judge';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { ClipPlayer } from '../../../components/ui/clip-player.tsx';
import { t } from '../../../i18n/i18n.ts';
import styles from './hint-sheet.module.css';

export interface HintSheetProps {
  /** The locked rank asked about (0-based), or null when closed. */
  index: number | null;
  name: string;
  /** Hints shown so far for this rank: 1 first letter, 2 letter pattern. */
  level: number;
  onMore: () => void;
  onReveal: () => void;
  onClose: () => void;
}

/**
 * The hint ladder for one locked rank: first letter, then letter pattern and a sound clue, then "Reveal it"
 * (docs/product.md, "Sound clues").
 */
export function HintSheet({ index, name, level, onMore, onReveal, onClose }: HintSheetProps) {
  const open = index !== null;
  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={open ? t('quiz.hintTitle', { rank: index + 1 }) : t('quiz.hints')}
      closeLabel={t('quiz.closeHints')}
    >
      {open ? (
        <div className={styles.body}>
          <p className={styles.hintLabel}>{t('quiz.hintFirstLetter')}</p>
          <p className={styles.letter}>{firstLetterHint(name)}</p>
          {level >= 2 ? (
            <>
              <p className={styles.hintLabel}>{t('quiz.hintPattern')}</p>
              <p className={styles.pattern}>{letterPatternHint(name)}</p>
              <p className={styles.hintLabel}>{t('quiz.hintSound')}</p>
              <ClipPlayer key={name} name={name} />
            </>
          ) : null}
          <div className={styles.actions}>
            {level < 2 ? (
              <button type="button" className={styles.more} onClick={onMore}>
                {t('quiz.hintShowPattern')}
              </button>
            ) : (
              <button type="button" className={styles.reveal} onClick={onReveal}>
                {t('quiz.hintReveal')}
              </button>
            )}
            <button type="button" className={styles.keep} onClick={onClose}>
              {t('quiz.hintKeepGuessing')}
            </button>
          </div>
        </div>
      ) : null}
    </BottomSheet>
  );
}
