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
        All {total} unlocked{hard ? ' in hard mode' : ''}
      </p>
      <h2 className={styles.title} id="celebration-title" tabIndex={-1}>
        {hard ? `You know your top ${total} by heart, in hard mode!` : `You know your top ${total} by heart!`}
      </h2>
      <p className={styles.text}>Every artist found. Show the world what's been on heavy rotation.</p>
      <button type="button" className={styles.share} onClick={onShare}>
        Share my list
      </button>
      {onChallenge ? (
        <button type="button" className={styles.challenge} onClick={onChallenge}>
          Challenge a friend
        </button>
      ) : null}
    </section>
  );
}
