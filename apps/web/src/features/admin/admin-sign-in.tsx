import * as admin from '@heavy-rotation/contracts/admin';
import { type FormEvent, useState } from 'react';
import { callBackend, sendToBackend } from '../../lib/backend.ts';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import { FormFailure, failureText } from './admin-feedback.tsx';

/** Signing in with an operator token; the very first sign-in uses ADMIN_TOKEN and names the account. */
export function SignIn({ onSignedIn }: { onSignedIn: (actor: string, token?: string) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    callBackend('/api/admin/session', admin.adminSession, {
      body: { name: String(form.get('name') ?? '') || undefined, token: String(form.get('token') ?? '') },
    }).then(
      (s) => onSignedIn(s.actor ?? '', s.token),
      (e: unknown) => {
        setBusy(false);
        setError(failureText(e, 'Something went wrong').replace(/^name: /, ''));
      },
    );
  };
  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p className={styles.muted}>
        Sign in with your own operator token: every action is written to the audit log under your
        account&apos;s name. The very first sign-in uses the server&apos;s ADMIN_TOKEN and makes your account.
      </p>
      <label className={controls.field}>
        <span>Your name (first sign-in only)</span>
        <input name="name" autoComplete="name" maxLength={60} />
      </label>
      <label className={controls.field}>
        <span>Operator token</span>
        <input name="token" type="password" autoComplete="current-password" required maxLength={500} />
      </label>
      <FormFailure text={error} />
      <button type="submit" className={controls.primary} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/** Who is signed in, and the way out. */
export function SignOut({ actor, onDone }: { actor: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.who}>
      <span>
        Signed in as <strong>{actor}</strong>
      </span>
      <button
        type="button"
        className={controls.linkButton}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          sendToBackend('/api/admin/session', { method: 'DELETE' })
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
              onDone();
            });
        }}
      >
        Sign out
      </button>
    </div>
  );
}
