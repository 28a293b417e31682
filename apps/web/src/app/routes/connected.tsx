import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/i18n.ts';
import { callBackend } from '../../lib/backend.ts';
import { saveSourceSession } from '../../lib/source-session.ts';

/** Back from Last.fm: the server set the session cookie; learn who signed in, then on to the Top 40. */
export function ConnectedRoute() {
  const [, navigate] = useLocation();
  useEffect(() => {
    let live = true;
    callBackend('/api/source/session', 'sourceSessionReply').then(
      (session) => {
        saveSourceSession(session);
        if (live) navigate('/', { replace: true });
      },
      () => live && navigate('/login?source=lastfm&error=failed', { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <main>
      <h1 className="visually-hidden">{t('shell.connected.title')}</h1>
      <Spinner label={t('shell.connected.signingIn')} />
    </main>
  );
}
