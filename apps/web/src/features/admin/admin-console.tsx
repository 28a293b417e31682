import * as admin from '@heavy-rotation/contracts/admin';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styles from './admin.module.css';
import { AdminError, adminCall, noContent } from './admin-api.ts';
import { AuditPanel } from './admin-audit.tsx';
import { FlagsPanel } from './admin-flags.tsx';
import { OperatorsPanel, TokenOnce } from './admin-operators.tsx';
import { StatsPanel } from './admin-stats.tsx';
import { SubscribersPanel } from './admin-subscribers.tsx';
import { WaitlistPanel } from './admin-waitlist.tsx';

const TABS = [
  { path: 'waitlist', label: 'Waitlist' },
  { path: 'subscribers', label: 'Subscribers' },
  { path: 'stats', label: 'Stats' },
  { path: 'flags', label: 'Flags' },
  { path: 'operators', label: 'Operators' },
  { path: 'audit', label: 'Audit log' },
] as const;
type Tab = (typeof TABS)[number]['path'];

type SessionState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; enabled: boolean; actor: string | null; token?: string | undefined };

/** The operator console at /admin (docs/operator.md): sign-in, then the waitlist, subscribers, stats, flags and audit log. */
export function AdminConsole() {
  const [session, setSession] = useState<SessionState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    document.title = 'Operator console · Heavy Rotation';
    void round;
    let live = true;
    adminCall('/session', admin.adminSession).then(
      (s) => live && setSession({ kind: 'ready', ...s }),
      (e: unknown) =>
        live &&
        setSession({ kind: 'failed', message: e instanceof Error ? e.message : 'Something went wrong' }),
    );
    return () => {
      live = false;
    };
  }, [round]);
  const signedOut = useCallback(() => setSession({ kind: 'ready', enabled: true, actor: null }), []);

  return (
    <div className={styles.console}>
      <header className={styles.top}>
        <h1 className={styles.title}>Operator console</h1>
        {session.kind === 'ready' && session.actor ? (
          <SignOut actor={session.actor} onDone={signedOut} />
        ) : null}
      </header>
      <main className={styles.main}>
        {session.kind === 'loading' ? (
          <p className={styles.muted} role="status">
            Loading the console…
          </p>
        ) : session.kind === 'failed' ? (
          <div className={styles.problem} role="alert">
            <p>{session.message}</p>
            <button type="button" className={styles.button} onClick={() => setRound((r) => r + 1)}>
              Try again
            </button>
          </div>
        ) : !session.enabled ? (
          <section className={styles.card} aria-labelledby="off-title">
            <h2 id="off-title">The console is off on this server</h2>
            <p>
              Set <code>ADMIN_TOKEN</code> (16 characters or more) in the server&apos;s environment and
              restart it, then sign in here with that token to make the first operator account. With{' '}
              <code>npm start</code> on a laptop the demo token is <code>heavy-rotation-demo-admin</code>.
            </p>
          </section>
        ) : !session.actor ? (
          <SignIn onSignedIn={(actor, token) => setSession({ kind: 'ready', enabled: true, actor, token })} />
        ) : (
          <>
            {session.token ? <TokenOnce name={session.actor} token={session.token} /> : null}
            <Signed actor={session.actor} onUnauthorised={signedOut} />
          </>
        )}
      </main>
    </div>
  );
}

function SignOut({ actor, onDone }: { actor: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.who}>
      <span>
        Signed in as <strong>{actor}</strong>
      </span>
      <button
        type="button"
        className={styles.linkButton}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          adminCall('/session', noContent, { method: 'DELETE' }).finally(() => {
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

function SignIn({ onSignedIn }: { onSignedIn: (actor: string, token?: string) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    adminCall('/session', admin.adminSession, {
      body: { name: String(form.get('name') ?? '') || undefined, token: String(form.get('token') ?? '') },
    }).then(
      (s) => onSignedIn(s.actor ?? '', s.token),
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof AdminError ? e.message.replace(/^name: /, '') : 'Something went wrong');
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
      <label className={styles.field}>
        <span>Your name (first sign-in only)</span>
        <input name="name" autoComplete="name" maxLength={60} />
      </label>
      <label className={styles.field}>
        <span>Operator token</span>
        <input name="token" type="password" autoComplete="current-password" required maxLength={500} />
      </label>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function Signed({ actor, onUnauthorised }: { actor: string; onUnauthorised: () => void }) {
  const { pathname } = useLocation();
  const tab: Tab = TABS.find((t) => pathname === `/admin/${t.path}`)?.path ?? 'waitlist';
  return (
    <>
      <nav className={styles.tabs} aria-label="Console sections">
        {TABS.map((t) => (
          <Link
            key={t.path}
            to={`/admin/${t.path}`}
            className={styles.tab}
            aria-current={t.path === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div>
        {tab === 'waitlist' ? <WaitlistPanel onUnauthorised={onUnauthorised} /> : null}
        {tab === 'subscribers' ? <SubscribersPanel onUnauthorised={onUnauthorised} /> : null}
        {tab === 'stats' ? <StatsPanel onUnauthorised={onUnauthorised} /> : null}
        {tab === 'flags' ? <FlagsPanel onUnauthorised={onUnauthorised} /> : null}
        {tab === 'operators' ? <OperatorsPanel actor={actor} onUnauthorised={onUnauthorised} /> : null}
        {tab === 'audit' ? <AuditPanel onUnauthorised={onUnauthorised} /> : null}
      </div>
    </>
  );
}
