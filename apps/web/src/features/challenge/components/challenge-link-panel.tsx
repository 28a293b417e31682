import type { ChallengeResults } from '@heavy-rotation/contracts/replies';
import { useEffect, useId, useState } from 'react';
import { activeLanguage, t } from '../../../i18n/i18n.ts';
import type { MessageId } from '../../../i18n/keys.ts';
import { BackendError } from '../../../lib/backend.ts';
import { useServerQuery } from '../../../lib/use-server-query.ts';
import { getResults, stopChallenge } from '../api.ts';
import { linkUrl, type SavedLink } from '../link-store.ts';
import styles from './challenge-dialog.module.css';

const ENDED = 'challenge.lastLinkEnded' satisfies MessageId;

/** What a failed call to the challenge API tells the listener. */
export function failureText(error: unknown): string {
  if (error instanceof BackendError && error.kind === 'network') return t('common.error.offline');
  // The server writes its texts in the listener's language (challenges/locales).
  if (error instanceof BackendError && error.serverText) return error.serverText;
  return t('common.error.failedTryAgain');
}

/** A link made: copy or share it, see how friends did, stop sharing. */
export function LinkPanel({ link, onEnded }: { link: SavedLink; onEnded: (note: MessageId) => void }) {
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
      setStatus(t('challenge.linkCopied'));
    } catch {
      setStatus(t('challenge.copyFromField'));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('challenge.shareTitle'), url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      await stopChallenge(link.id, link.key);
      onEnded('challenge.stopped');
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
        {t('challenge.linkLabel')}
      </label>
      <input id={fieldId} className={styles.input} value={url} readOnly onFocus={(e) => e.target.select()} />
      {Number.isNaN(ends.getTime()) ? null : (
        <p className={styles.muted}>
          {t('challenge.endsOn', { date: ends.toLocaleDateString(activeLanguage(), { dateStyle: 'long' }) })}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={copy}>
          {t('challenge.copyLink')}
        </button>
        {typeof navigator.share === 'function' ? (
          <button type="button" className={styles.secondary} onClick={share}>
            {t('common.share')}
          </button>
        ) : null}
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
      <Results results={results.data ?? null} />
      <button type="button" className={styles.stop} onClick={stop} disabled={busy}>
        {t('challenge.stopSharing')}
      </button>
    </div>
  );
}

function Results({ results }: { results: ChallengeResults | null }) {
  if (!results) return <p className={styles.muted}>{t('challenge.checkingResults')}</p>;
  const { played, best, size } = results;
  return (
    <section className={styles.results} aria-label={t('challenge.howFriendsDid')}>
      <p className={styles.summary}>
        {played === 0 ? t('challenge.noFriendYet') : t('challenge.friendsPlayed', { played, best, size })}
      </p>
      {results.scores.length > 0 ? (
        <ul className={styles.scores}>
          {results.scores.map((s) => (
            <li key={`${s.at}-${s.name ?? ''}`}>
              <span>{s.name ?? t('challenge.someFriend')}</span>
              <span>{t('challenge.friendScore', { score: s.score, size })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
