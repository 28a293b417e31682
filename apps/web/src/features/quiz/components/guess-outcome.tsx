import { t } from '../../../i18n/i18n.ts';
import type { GuessResult } from '../use-quiz.ts';
import styles from './guess-outcome.module.css';

export interface GuessOutcomeProps {
  result: GuessResult | null;
  /** The success line of an unlocked artist. */
  message: string | null;
  misses: string[];
}

function announce(result: GuessResult | null, message: string | null): string {
  if (!result) return '';
  if (result.kind === 'unlocked')
    return t('quiz.unlocked', { name: result.name, rank: result.index + 1, message: message ?? '' });
  if (result.kind === 'already')
    return t('quiz.alreadyUnlocked', { name: result.name, rank: result.index + 1 });
  return t('quiz.miss');
}

/** What the last guess did, announced in a live region; below it the recent misses. */
export function GuessOutcome({ result, message, misses }: GuessOutcomeProps) {
  return (
    <div className={styles.wrap}>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announce(result, message)}
      </div>
      {result?.kind === 'unlocked' ? (
        <div className={styles.unlocked} key={`u-${result.index}`} aria-hidden="true">
          <p className={styles.kicker}>{t('quiz.unlockedKicker', { rank: result.index + 1 })}</p>
          <p className={styles.name}>{result.name}</p>
          <p className={styles.message}>{message}</p>
        </div>
      ) : null}
      {result?.kind === 'already' ? (
        <p className={styles.already} aria-hidden="true">
          {t('quiz.alreadyUnlocked', { name: result.name, rank: result.index + 1 })}
        </p>
      ) : null}
      {result?.kind === 'miss' ? (
        <p className={styles.miss} key={`m-${result.guess}`} aria-hidden="true">
          {t('quiz.miss')}
        </p>
      ) : null}
      {misses.length > 0 ? (
        <section className={styles.misses} aria-label={t('quiz.recentMisses')}>
          <h2 className={styles.missesTitle}>{t('quiz.recentMisses')}</h2>
          <ul className={styles.missList}>
            {misses.map((miss) => (
              <li key={miss} className={styles.missChip}>
                {miss}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
