import { t } from '../../../i18n/i18n.ts';
import styles from './celebration.module.css';

export interface CelebrationProps {
  total: number;
  /** Played in hard mode (docs/product.md, "Hard mode"). */
  hard: boolean;
  onShare: () => void;
  onChallenge?: () => void;
}

const CONFETTI = Array.from({ length: 18 }, (_, i) => i);

/** Every rank unlocked: the party, and the share action for the whole list. */
export function Celebration({ total, hard, onShare, onChallenge }: CelebrationProps) {
  return (
    <section className={styles.card} aria-labelledby="celebration-title">
      <div className={styles.confetti} aria-hidden="true">
        {CONFETTI.map((i) => (
          <span key={i} style={{ left: `${(i * 53) % 100}%`, animationDelay: `${(i % 6) * 0.15}s` }} />
        ))}
      </div>
      <p className={styles.kicker}>
        {hard ? t('quiz.allUnlockedHard', { total }) : t('quiz.allUnlocked', { total })}
      </p>
      <h2 className={styles.title} id="celebration-title" tabIndex={-1}>
        {hard ? t('quiz.celebrationTitleHard', { total }) : t('quiz.celebrationTitle', { total })}
      </h2>
      <p className={styles.text}>{t('quiz.celebrationText')}</p>
      <button type="button" className={styles.share} onClick={onShare}>
        {t('top40.shareList')}
      </button>
      {onChallenge ? (
        <button type="button" className={styles.challenge} onClick={onChallenge}>
          {t('top40.challengeFriend')}
        </button>
      ) : null}
    </section>
  );
}
