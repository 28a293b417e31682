import { type ReactNode, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/i18n.ts';
import { currentListener } from '../../lib/listener.ts';

type Guard = 'checking' | 'signed-in' | 'signed-out';

/** Whether the screen can show at once: every listener but a Spotify one whose token is due for its refresh. */
function firstLook(): Guard {
  const listener = currentListener();
  if (listener.kind === 'nobody') return 'signed-out';
  return listener.kind === 'spotify' && Date.now() >= listener.freshUntil ? 'checking' : 'signed-in';
}

/** The guard (docs/product.md, "Screens and routes") around a signed-in screen (`children`): a spinner while the token is checked; no token (or a failed check) → /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Guard>(firstLook);
  useEffect(() => {
    const listener = currentListener();
    if (state !== 'checking' || listener.kind !== 'spotify') return;
    let live = true;
    listener.token().then(
      (token) => live && setState(token ? 'signed-in' : 'signed-out'),
      () => live && setState('signed-out'),
    );
    return () => {
      live = false;
    };
  }, [state]);
  if (state === 'checking') return <Spinner label={t('shell.checkingSignIn')} showLabel={false} />;
  if (state === 'signed-out') return <Redirect to="/login" replace />;
  return children;
}
