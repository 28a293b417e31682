import { type FormEvent, useCallback, useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { t } from '../../../i18n/i18n.ts';
import type { MessageId } from '../../../i18n/keys.ts';
import { createChallenge } from '../api.ts';
import { forgetLink, readLink, type SavedLink, saveLink } from '../link-store.ts';
import styles from './challenge-dialog.module.css';
import { failureText, LinkPanel } from './challenge-link-panel.tsx';

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

/** "Challenge a friend": make a link of the list, share it, see how friends did, stop sharing. */
export function ChallengeDialog({ artists, onClose }: ChallengeDialogProps) {
  const [link, setLink] = useState<SavedLink | null>(readLink);
  const [note, setNote] = useState<MessageId | null>(null);
  const ended = useCallback((text: MessageId) => {
    forgetLink();
    setLink(null);
    setNote(text);
  }, []);
  return (
    <BottomSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('challenge.dialogTitle')}
      closeLabel={t('common.close')}
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
  note: MessageId | null;
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
      {note ? <p className={styles.muted}>{t(note)}</p> : null}
      <p className={styles.lead}>{t('challenge.dialogLead')}</p>
      <label className={styles.label} htmlFor={id}>
        {t('challenge.nameLabel')}
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
        {busy ? t('challenge.creatingLink') : t('challenge.createLink')}
      </button>
    </form>
  );
}
