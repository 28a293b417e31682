import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../components/ui/spinner.tsx';
import { completeSignIn } from '../../features/auth/sign-in.ts';
import { fetchTopArtists } from '../../features/top-artists/fetch-top-artists.ts';
import { t } from '../../i18n/i18n.ts';
import { track } from '../../lib/analytics.ts';
import styles from './callback.module.css';

export const CALLBACK_ERROR_REDIRECT_MS = 3000;

/** The callback (docs/product.md, "Sign-in and what the browser keeps"): spinner, then / (query cleared), or the error in red and /login after 3 s. */
export function CallbackRoute() {
  const [, navigate] = useLocation();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The Top 40's list is asked for as soon as the tokens arrive (its code is already loading, see
    // boot/screens.tsx): the screen finds both ready.
    const prefetch = () => {
      fetchTopArtists().catch(() => undefined);
    };
    completeSignIn(
      { code: params.get('code'), state: params.get('state'), error: params.get('error') },
      { onTokens: prefetch },
    ).then(
      () => {
        track({ name: 'sign_in', source: 'spotify' });
        if (live) navigate('/', { replace: true });
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error && e.message ? e.message : t('shell.error.unknown'));
        timer = setTimeout(() => navigate('/login', { replace: true }), CALLBACK_ERROR_REDIRECT_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [navigate]);

  if (!error) {
    return (
      <main>
        <h1 className="visually-hidden">{t('shell.callback.title')}</h1>
        <Spinner label={t('shell.callback.connecting')} />
      </main>
    );
  }
  return (
    <main className={styles.screen}>
      <h1 className="visually-hidden">{t('shell.callback.title')}</h1>
      <p className={styles.error} role="alert">
        {error}
      </p>
      <p className={styles.redirecting}>{t('shell.callback.redirecting')}</p>
    </main>
  );
}
