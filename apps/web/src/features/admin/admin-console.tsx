import * as admin from '@heavy-rotation/contracts/admin';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { callBackend, onUnauthorized } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import { AuditPanel } from './admin-audit.tsx';
import { LoadProblem } from './admin-feedback.tsx';
import { FlagsPanel } from './admin-flags.tsx';
import { OperatorsPanel, TokenOnce } from './admin-operators.tsx';
import { SignIn, SignOut } from './admin-sign-in.tsx';
import { StatsPanel } from './admin-stats.tsx';
import { SubscribersPanel } from './admin-subscribers.tsx';
import { WaitlistPanel } from './admin-waitlist.tsx';

/** The console's sections; each panel is told who is signed in. */
const TABS: { path: string; label: string; Panel: (props: { actor: string }) => ReactNode }[] = [
  { path: 'waitlist', label: 'Waitlist', Panel: WaitlistPanel },
  { path: 'subscribers', label: 'Subscribers', Panel: SubscribersPanel },
  { path: 'stats', label: 'Stats', Panel: StatsPanel },
  { path: 'flags', label: 'Flags', Panel: FlagsPanel },
  { path: 'operators', label: 'Operators', Panel: OperatorsPanel },
  { path: 'audit', label: 'Audit log', Panel: AuditPanel },
];

/** Who is signed in, as this page last learnt it: from the server, a sign-in, a sign-out or a 401. */
type Signed = { actor: string | null; token?: string | undefined } | undefined;

/** The operator console at /admin (docs/operator.md): sign-in, then the waitlist, subscribers, stats, flags and audit log. */
export function AdminConsole() {
  const session = useServerQuery('/api/admin/session', ({ signal }) =>
    callBackend('/api/admin/session', admin.adminSession, { signal }),
  );
  const [signed, setSigned] = useState<Signed>();
  const signedOut = useCallback(() => setSigned({ actor: null }), []);
  useEffect(() => {
    document.title = 'Operator console · Heavy Rotation';
    // Any 401 of the console's API means the session is over (lib/backend.ts, the one place).
    return onUnauthorized((path) => {
      if (path.startsWith('/api/admin/')) signedOut();
    });
  }, [signedOut]);
  const actor = signed ? signed.actor : (session.data?.actor ?? null);

  return (
    <div className={styles.console}>
      <header className={styles.top}>
        <h1 className={styles.title}>Operator console</h1>
        {session.data && actor ? <SignOut actor={actor} onDone={signedOut} /> : null}
      </header>
      <main className={styles.main}>
        {session.error && !session.data ? (
          <LoadProblem error={session.error} retry={session.reload} />
        ) : !session.data ? (
          <p className={styles.muted} role="status">
            Loading the console…
          </p>
        ) : !session.data.enabled ? (
          <Off />
        ) : !actor ? (
          <SignIn onSignedIn={(name, token) => setSigned({ actor: name, token })} />
        ) : (
          <>
            {signed?.token ? <TokenOnce name={actor} token={signed.token} /> : null}
            <Sections actor={actor} />
          </>
        )}
      </main>
    </div>
  );
}

function Off() {
  return (
    <section className={styles.card} aria-labelledby="off-title">
      <h2 id="off-title">The console is off on this server</h2>
      <p>
        Set <code>ADMIN_TOKEN</code> (16 characters or more) in the server&apos;s environment and restart it,
        then sign in here with that token to make the first operator account. With <code>npm start</code> on a
        laptop the demo token is <code>heavy-rotation-demo-admin</code>.
      </p>
    </section>
  );
}

function Sections({ actor }: { actor: string }) {
  const [pathname] = useLocation();
  const tab = TABS.find((t) => pathname === `/admin/${t.path}`) ?? TABS[0];
  if (!tab) return null;
  return (
    <>
      <nav className={styles.tabs} aria-label="Console sections">
        {TABS.map((t) => (
          <Link
            key={t.path}
            to={`/admin/${t.path}`}
            className={styles.tab}
            aria-current={t === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <tab.Panel actor={actor} />
    </>
  );
}
