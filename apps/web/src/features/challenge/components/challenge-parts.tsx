import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Outcome } from '../use-challenge-game.ts';
import styles from './challenge-parts.module.css';

/** "Sam's" or "a friend's": whose list a friend is guessing. */
export function whoseList(name: string | null): string {
  return name ? `${name}'s` : "a friend's";
}

/** What the last guess found, said politely to screen readers. */
export function ChallengeOutcome({
  outcome,
  pending,
  whose,
  size,
  misses,
}: {
  outcome: Outcome | null;
  pending: boolean;
  whose: string;
  size: number;
  misses: string[];
}) {
  let text = '';
  if (pending) text = 'Checking…';
  else if (outcome?.kind === 'found') text = `Yes! ${outcome.artist.name} is #${outcome.artist.rank}.`;
  else if (outcome?.kind === 'again')
    text = `Already found: ${outcome.artist.name} is #${outcome.artist.rank}.`;
  else if (outcome?.kind === 'miss') text = `Not in ${whose} top ${size}.`;
  else if (outcome?.kind === 'failed') text = outcome.text;
  return (
    <div className={styles.outcome}>
      <p className={outcome?.kind === 'found' ? styles.hit : styles.said} role="status">
        {text}
      </p>
      {misses.length > 0 ? (
        <p className={styles.misses}>
          <span className={styles.missLabel}>Not in the list:</span> {misses.join(', ')}
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
  const whose = whoseList(name);
  const shareText = `I guessed ${score} of ${whose} top ${size} on ${productName} – can you beat me?`;
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
      setStatus('Copied. Paste it anywhere.');
    } catch {
      // Closed without sharing, or no clipboard: the text is on screen to copy.
    }
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(
      (await onAddName(friendName)) ? 'Your name is with your score.' : "Couldn't send it. Try again.",
    );
    setBusy(false);
  };
  return (
    <section className={styles.result} aria-labelledby="challenge-result">
      <h2 id="challenge-result" className={styles.resultTitle} tabIndex={-1}>
        You guessed {score} of {whose} top {size}
      </h2>
      <p className={styles.shareText}>{shareText}</p>
      <button type="button" className={styles.primary} onClick={share}>
        Share my score
      </button>
      <form className={styles.nameForm} onSubmit={send}>
        <label htmlFor={fieldId} className={styles.label}>
          Your name (optional)
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
            Send
          </button>
        </div>
      </form>
      <p className={styles.status} role="status">
        {status}
      </p>
      <Link to="/login" className={styles.primary}>
        Make your own
      </Link>
    </section>
  );
}

/** An expired, stopped or unknown link. */
export function ChallengeEnded() {
  return (
    <section className={styles.result} aria-labelledby="challenge-ended">
      <h1 id="challenge-ended" className={styles.resultTitle}>
        This challenge has ended
      </h1>
      <p className={styles.shareText}>The link has run out or its owner stopped sharing it.</p>
      <Link to="/login" className={styles.primary}>
        Make your own
      </Link>
    </section>
  );
}
