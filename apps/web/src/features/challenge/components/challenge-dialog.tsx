import type { ChallengeResults } from '@heavy-rotation/contracts/replies';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { BackendError } from '../../../lib/backend.ts';
import { createChallenge, getResults, stopChallenge } from '../api.ts';
import { forgetLink, linkUrl, readLink, type SavedLink, saveLink } from '../link-store.ts';
import styles from './challenge-dialog.module.css';

interface ChallengeArtistInput {
  id: string;
  name: string;
  image: string | null;
}

export interface ChallengeDialogProps {
  /** The list as the listener sees it, best rank first. */
  artists: ChallengeArtistInput[];
  onClose: () => void;
}

const ENDED = 'Your last link has ended.';

function failureText(error: unknown): string {
  if (error instanceof BackendError && error.kind === 'network')
    return "You're offline. Try again when you're back.";
  if (error instanceof BackendError && error.serverText) return error.serverText;
  return 'Something went wrong. Try again.';
}

/** "Challenge a friend": make a link of the list, share it, see how friends did, stop sharing. */
export function ChallengeDialog({ artists, onClose }: ChallengeDialogProps) {
  const [link, setLink] = useState<SavedLink | null>(readLink);
  const [note, setNote] = useState<string | null>(null);
  const ended = useCallback((text: string) => {
    forgetLink();
    setLink(null);
    setNote(text);
  }, []);
  return (
    <BottomSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title="Challenge a friend"
      closeLabel="Close"
    >
      {link ? (
        <LinkPanel link={link} onEnded={ended} />
      ) : (
        <CreatePanel
          artists={artists}
          note={note}
          onCreated={(made) => {
            saveLink(made);
            setLink(made);
          }}
        />
      )}
    </BottomSheet>
  );
}

function CreatePanel({
  artists,
  note,
  onCreated,
}: {
  artists: ChallengeArtistInput[];
  note: string | null;
  onCreated: (link: SavedLink) => void;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await createChallenge({ name: name.trim() || null, artists });
      onCreated({ id: made.id, key: made.key, expiresAt: made.expiresAt });
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };
  return (
    <form className={styles.panel} onSubmit={submit}>
      {note ? <p className={styles.muted}>{note}</p> : null}
      <p className={styles.lead}>
        Anyone with the link can guess your top 40. They see only the artists they guess, and your name only
        if you add one.
      </p>
      <label className={styles.label} htmlFor={id}>
        Your name on the challenge (optional)
      </label>
      <input
        id={id}
        className={styles.input}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={40}
        autoComplete="nickname"
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? 'Creating link…' : 'Create link'}
      </button>
    </form>
  );
}

function LinkPanel({ link, onEnded }: { link: SavedLink; onEnded: (note: string) => void }) {
  const url = linkUrl(link.id);
  const [results, setResults] = useState<ChallengeResults | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    const controller = new AbortController();
    getResults(link.id, link.key, controller.signal).then(setResults, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof BackendError && [403, 404, 410].includes(error.status)) onEnded(ENDED);
      else setStatus(failureText(error));
    });
    return () => controller.abort();
  }, [link, onEnded]);

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
      <Results results={results} />
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
