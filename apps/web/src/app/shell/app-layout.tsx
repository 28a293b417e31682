import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { track } from '../../lib/analytics.ts';
import { onSignedOut, sessionPersists } from '../../lib/spotify-session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './app-layout.module.css';
import { PageTransition } from './page-transition.tsx';

const PROTECTED = new Set(['/', '/quiz']);

/** The shell around every screen: page head, page views, sign-out handling, banners, transitions. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Storage is the browser's alone: a prerendered screen assumes it works (lib/use-hydrated.ts).
  const persists = !useHydrated() || sessionPersists();

  useEffect(() => {
    document.title = `${loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME} – Your Top Spotify Artists`;
    track({ name: 'page_view', path: pathname });
  }, [pathname]);

  useEffect(
    () =>
      onSignedOut(() => {
        if (PROTECTED.has(window.location.pathname)) navigate('/login', { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      <OfflineBanner />
      {persists ? null : (
        <p className={styles.notice} role="status">
          This browser isn't saving data, so you'll be signed out when you close this tab.
        </p>
      )}
      <PageTransition>
        <Outlet />
      </PageTransition>
    </>
  );
}
