import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { t } from '../../i18n/i18n.ts';
import { track } from '../../lib/analytics.ts';
import { onSignedOut, sessionPersists } from '../../lib/spotify-session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './app-layout.module.css';
import { PageTransition } from './page-transition.tsx';

const PROTECTED = new Set(['/', '/quiz']);

/** The shell around every screen (`children`): page head, page views, sign-out handling, banners, transitions. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [pathname, navigate] = useLocation();
  // Storage is the browser's alone: a prerendered screen assumes it works (lib/use-hydrated.ts).
  const persists = !useHydrated() || sessionPersists();

  useEffect(() => {
    document.title = t('shell.pageTitle', { product: loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME });
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
          {t('shell.notSaving')}
        </p>
      )}
      <PageTransition>{children}</PageTransition>
    </>
  );
}
