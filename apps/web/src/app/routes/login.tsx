import { createAuthorizeUrl } from '@heavy-rotation/spotify';
import { useEffect, useState } from 'react';
import { loadConfig } from '../../config/app-config.ts';
import { KEYS, redirectUri } from '../../lib/session.ts';

export function LoginRoute() {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    loadConfig()
      .then((config) =>
        createAuthorizeUrl({
          clientId: config.spotifyClientId,
          accountsUrl: config.spotifyAccountsUrl,
          redirectUri: redirectUri(),
          scope: ['user-top-read'],
        }),
      )
      .then((req) => {
        localStorage.setItem(KEYS.verifier, req.codeVerifier);
        localStorage.setItem(KEYS.state, req.state);
        setHref(req.url);
      });
  }, []);
  return (
    <main>
      <h1>Heavy Rotation</h1>
      <a href={href} aria-disabled={!href}>
        Connect Spotify
      </a>
    </main>
  );
}
