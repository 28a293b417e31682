import type { ChallengeResults } from '@heavy-rotation/contracts/replies';
import { useEffect, useId, useState } from 'react';
import { BackendError } from '../../../lib/backend.ts';
import { useServerQuery } from '../../../lib/use-server-query.ts';
import { getResults, stopChallenge } from '../api.ts';
import { linkUrl, type SavedLink } from '../link-store.ts';
import styles from './challenge-dialog.module.css';

const ENDED = 'Your last link has ended.';

/** What a failed call to the challenge API tells the listener. */
export function failureText(error: unknown): string {
  if (error instanceof BackendError && error.kind === 'network')
    return "You're offline. Try again when you're back.";
  if (error instanceof BackendError && error.serverText) return error.serverText;
  return 'Something went wrong. Try again.';
}

/** A link made: copy or share it, see how friends did, stop sharing. */
export function LinkPanel({ link, onEnded }: { link: SavedLink; onEnded: (note: string) => void }) {
  const url = linkUrl(link.id);
  // How friends did: server state, read as every screen reads it (lib/use-server-query.ts).
  const results = useServerQuery(`challenge-results:${link.id}`, ({ signal }) =>
    getResults(link.id, link.key, signal),
  );
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  const failed = results.error;
  useEffect(() => {
    if (!failed) return;
    if (failed instanceof BackendError && [403, 404, 410].includes(failed.status)) onEnded(ENDED);
    else setStatus(failureText(failed));
  }, [failed, onEnded]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      setStatus('Copy the link from the field above.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Can you guess my top 40?', url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      await stopChallenge(link.id, link.key);
      onEnded('You stopped sharing. That link has ended.');
    } catch (error) {
      if (error instanceof BackendError && [404, 410].includes(error.status)) onEnded(ENDED);
      else setStatus(failureText(error));
      setBusy(false);
    }
  };
  const ends = new Date(link.expiresAt);

  return (
    <div className={styles.panel}>
      <label className={styles.label} htmlFor={fieldId}>
        Your challenge link
      </label>
      <input id={fieldId} className={styles.input} value={url} readOnly onFocus={(e) => e.target.select()} />
      {Number.isNaN(ends.getTime()) ? null : (
        <p className={styles.muted}>Ends on {ends.toLocaleDateString(undefined, { dateStyle: 'long' })}.</p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={copy}>
          Copy link
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" className={styles.secondary} onClick={share}>
            Share
          </button>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
      <Results results={results.data ?? null} />
      <button type="button" className={styles.stop} onClick={stop} disabled={busy}>
        Stop sharing
      </button>
    </div>
  );
}

function Results({ results }: { results: ChallengeResults | null }) {
  if (!results) return <p className={styles.muted}>Checking how friends did…</p>;
  const friends = results.played === 1 ? '1 friend played' : `${results.played} friends played`;
  return (
    <section className={styles.results} aria-label="How friends did">
      <p className={styles.summary}>
        {results.played === 0
          ? 'No friend has played yet.'
          : `${friends} · best ${results.best} of ${results.size}`}
      </p>
      {results.scores.length > 0 ? (
        <ul className={styles.scores}>
          {results.scores.map((s) => (
            <li key={`${s.at}-${s.name ?? ''}`}>
              <span>{s.name ?? 'A friend'}</span>
              <span>
                {s.score} of {results.size}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
