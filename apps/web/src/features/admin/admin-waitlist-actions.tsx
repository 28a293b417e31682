import * as admin from '@heavy-rotation/contracts/admin';
import { type Dispatch, useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import { ConfirmErase, failureText, type Notice, NoticeLine } from './admin-feedback.tsx';
import { count, describeRemoved } from './admin-format.ts';
import type { WaitlistAction } from './admin-waitlist-view.ts';

/**
 * What can be done with the selected signups: invite them by email, erase them on request (after a
 * confirmation), and the CSV of the whole waitlist. `changed` asks for the list and outbox again.
 */
export function WaitlistActions(props: {
  selected: ReadonlySet<number>;
  dispatch: Dispatch<WaitlistAction>;
  changed: () => void;
}) {
  const { selected, dispatch, changed } = props;
  const [busy, setBusy] = useState<'invite' | 'erase'>();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  /** Runs an action and says how it went; an erasure clears the selection even when it stopped half-way. */
  const run = async (
    what: 'invite' | 'erase',
    act: () => Promise<string>,
    failed: (e: unknown) => string,
  ) => {
    setBusy(what);
    setNotice(undefined);
    let done = false;
    try {
      setNotice({ text: await act(), bad: false });
      done = true;
    } catch (e) {
      setNotice({ text: failed(e), bad: true });
    }
    setBusy(undefined);
    setConfirming(false);
    if (!done && what === 'invite') return;
    dispatch({ type: 'clear' });
    changed();
  };
  const invite = () =>
    run(
      'invite',
      async () => {
        const body = { ids: [...selected] };
        const { queued } = await callBackend('/api/admin/waitlist/invite', admin.inviteReply, { body });
        return `Invitation queued for ${count(queued, 'signup')}.`;
      },
      (e) => failureText(e, 'The invitation was not sent'),
    );
  // Erasure by address: for someone known only by the email they signed up with.
  const erase = () =>
    run(
      'erase',
      async () => {
        const total: Record<string, number> = {};
        for (const id of selected) {
          const path = `/api/admin/waitlist/${id}`;
          const { removed } = await callBackend(path, admin.erasureReply, { method: 'DELETE' });
          for (const [kind, n] of Object.entries(removed)) total[kind] = (total[kind] ?? 0) + n;
        }
        return `Erased. ${describeRemoved(total)}`;
      },
      (e) => `Not erased: ${failureText(e, 'something went wrong')}`,
    );
  const n = selected.size;
  return (
    <>
      <div className={styles.actions}>
        <button
          type="button"
          className={controls.primary}
          disabled={n === 0 || busy === 'invite'}
          onClick={invite}
        >
          {busy === 'invite' ? 'Inviting…' : n > 0 ? `Invite ${count(n, 'signup')}` : 'Invite'}
        </button>
        <button
          type="button"
          className={controls.linkDanger}
          disabled={n === 0 || busy === 'erase'}
          onClick={() => setConfirming(true)}
        >
          Erase on request…
        </button>
        {/* A POST the browser sends only from this page: no other site, image or link can start an export. */}
        <form method="post" action="/api/admin/waitlist.csv">
          <button type="submit" className={controls.button}>
            Export CSV
          </button>
        </form>
      </div>
      {confirming && n > 0 ? (
        <ConfirmErase busy={busy === 'erase'} onErase={erase} onCancel={() => setConfirming(false)}>
          Erase {count(n, 'signup')}? Each address goes for good, with the mail to it and any listener whose
          Spotify account has it: profile, number, consent records and saved list.
        </ConfirmErase>
      ) : null}
      <NoticeLine notice={notice} />
    </>
  );
}
