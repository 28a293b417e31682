import { exchangeCode } from '@heavy-rotation/spotify';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadConfig } from '../../config/app-config.ts';
import { KEYS, redirectUri } from '../../lib/session.ts';

export function CallbackRoute() {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const verifier = localStorage.getItem(KEYS.verifier);
    if (!code || !verifier || params.get('state') !== localStorage.getItem(KEYS.state)) {
      setError("There was an issue connecting to Spotify. Let's try that again.");
      setTimeout(() => navigate('/login'), 3000);
      return;
    }
    loadConfig()
      .then((config) =>
        exchangeCode({
          clientId: config.spotifyClientId,
          accountsUrl: config.spotifyAccountsUrl,
          code,
          codeVerifier: verifier,
          redirectUri: redirectUri(),
        }),
      )
      .then((tokens) => {
        localStorage.setItem(KEYS.accessToken, tokens.access_token);
        if (tokens.refresh_token) localStorage.setItem(KEYS.refreshToken, tokens.refresh_token);
        localStorage.setItem(KEYS.expiry, String(Date.now() + tokens.expires_in * 1000));
        navigate('/', { replace: true });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'An error occurred'));
  }, [navigate]);
  return <main>{error ? <p role="alert">{error}</p> : <p>Connecting…</p>}</main>;
}
