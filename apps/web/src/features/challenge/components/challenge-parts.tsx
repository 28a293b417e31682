import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../../i18n/i18n.ts';
import type { Outcome } from '../use-challenge-game.ts';
import styles from './challenge-parts.module.css';

/** The screen's title: "Guess Sam's top 40", or "a friend's" when the list has no name. */
export function guessTitle(name: string | null, size: number): string {
  return name ? t('challenge.guessTitleNamed', { name, size }) : t('challenge.guessTitle', { size });
}

/** What the last guess found, said politely to screen readers. */
export function ChallengeOutcome({
  outcome,
  pending,
  name,
  size,
  misses,
}: {
  outcome: Outcome | null;
  pending: boolean;
  name: string | null;
  size: number;
  misses: string[];
}) {
  let text = '';
  if (pending) text = t('challenge.checking');
  else if (outcome?.kind === 'found')
    text = t('challenge.found', { name: outcome.artist.name, rank: outcome.artist.rank });
  else if (outcome?.kind === 'again')
    text = t('challenge.alreadyFound', { name: outcome.artist.name, rank: outcome.artist.rank });
  else if (outcome?.kind === 'miss')
    text = name ? t('challenge.missNamed', { name, size }) : t('challenge.miss', { size });
  else if (outcome?.kind === 'failed') text = outcome.text;
  return (
    <div className={styles.outcome}>
      <p className={outcome?.kind === 'found' ? styles.hit : styles.said} role="status">
        {text}
      </p>
      {misses.length > 0 ? (
        <p className={styles.misses}>
          <span className={styles.missLabel}>{t('challenge.misses')}</span> {misses.join(', ')}
        </p>
      ) : null}
    </div>
  );
}

export interface ChallengeResultProps {
  name: string | null;
  score: number;
  size: number;
  productName: string;
  savedName: string | null;
  onAddName: (name: string) => Promise<boolean>;
}

/** The end of a game: the score, the share text, the friend's optional name, and "Make your own". */
export function ChallengeResult({
  name,
  score,
  size,
  productName,
  savedName,
  onAddName,
}: ChallengeResultProps) {
  const shareText = name
    ? t('challenge.shareTextNamed', { score, name, size, productName })
    : t('challenge.shareText', { score, size, productName });
  const [status, setStatus] = useState<string | null>(null);
  const [friendName, setFriendName] = useState(savedName ?? '');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const share = async () => {
    const url = window.location.href;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ text: shareText, url });
        return;
      }
      await navigator.clipboard.writeText(`${shareText} ${url}`);
      setStatus(t('challenge.copied'));
    } catch {
      // Closed without sharing, or no clipboard: the text is on screen to copy.
    }
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus((await onAddName(friendName)) ? t('challenge.addedName') : t('challenge.sendFailed'));
    setBusy(false);
  };
  return (
    <section className={styles.result} aria-labelledby="challenge-result">
      <h2 id="challenge-result" className={styles.resultTitle} tabIndex={-1}>
        {name
          ? t('challenge.resultTitleNamed', { score, name, size })
          : t('challenge.resultTitle', { score, size })}
      </h2>
      <p className={styles.shareText}>{shareText}</p>
      <button type="button" className={styles.primary} onClick={share}>
        {t('challenge.shareScore')}
      </button>
      <form className={styles.nameForm} onSubmit={send}>
        <label htmlFor={fieldId} className={styles.label}>
          {t('challenge.addName')}
        </label>
        <div className={styles.row}>
          <input
            id={fieldId}
            className={styles.input}
            value={friendName}
            maxLength={40}
            autoComplete="nickname"
            onChange={(e) => setFriendName(e.target.value)}
          />
          <button type="submit" className={styles.secondary} disabled={busy}>
            {t('challenge.sendName')}
          </button>
        </div>
      </form>
      <p className={styles.status} role="status">
        {status}
      </p>
      <Link to="/login" className={styles.primary}>
        {t('challenge.makeOwn')}
      </Link>
    </section>
  );
}

/** An expired, stopped or unknown link. */
export function ChallengeEnded() {
  return (
    <section className={styles.result} aria-labelledby="challenge-ended">
      <h1 id="challenge-ended" className={styles.resultTitle}>
        {t('challenge.ended')}
      </h1>
      <p className={styles.shareText}>{t('challenge.endedDetail')}</p>
      <Link to="/login" className={styles.primary}>
        {t('challenge.makeOwn')}
      </Link>
    </section>
  );
}
