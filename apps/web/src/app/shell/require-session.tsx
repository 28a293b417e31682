import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { getAccessToken, hasFreshSession } from '../../features/auth/session.ts';
import { isGuest } from '../../lib/export-listener.ts';
import { readSourceSession } from '../../lib/source-session.ts';

/** The guard (docs/product.md, "Screens and routes"): a spinner while the token is checked; no token (or a failed check) → /login. */
export function RequireSession() {
  const [state, setState] = useState<'checking' | 'signed-in' | 'signed-out'>(() =>
    hasFreshSession() || readSourceSession() || isGuest() ? 'signed-in' : 'checking',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    getAccessToken().then(
      (token) => live && setState(token ? 'signed-in' : 'signed-out'),
      () => live && setState('signed-out'),
    );
    return () => {
      live = false;
    };
  }, [state]);
  if (state === 'checking') return <Spinner label="Checking your sign-in..." showLabel={false} />;
  if (state === 'signed-out') return <Navigate to="/login" replace />;
  return <Outlet />;
}
