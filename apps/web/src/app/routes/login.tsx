import { useEffect, useState } from 'react';
import { createLoginUrl } from '../../features/auth/login-url.ts';

export function LoginRoute() {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    createLoginUrl().then(setHref);
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
