import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../../i18n/i18n.ts';
import { createLoginUrl } from '../login-url.ts';
import styles from './landing.module.css';
import { LandingFrame } from './landing-frame.tsx';
import { LazyInfoSheet } from './lazy-info-sheet.tsx';
import { OtherSources } from './other-sources.tsx';

const PODIUM = '/podium.png';

/** The login screen (docs/product.md, "The landing screens"): animated background, 'Connect Spotify', the 'Why connect Spotify?' sheet. */
export function LoginScreen() {
  const [href, setHref] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [working, setWorking] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const loginUrl = useRef<Promise<string>>(undefined);

  useEffect(() => {
    let live = true;
    const url = createLoginUrl();
    loginUrl.current = url;
    url.then((address) => live && setHref(address)).catch(() => live && setFailed(true));
    // The podium art of the explainer, warmed up shortly after the screen is up.
    const timer = window.setTimeout(() => {
      const image = new Image();
      image.onerror = () => console.warn('The podium image could not be loaded');
      image.src = PODIUM;
    }, 100);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, []);

  // The address needs the app (a PKCE verifier made in the browser): a tap that comes before it is ready,
  // or before the app had taken the screen over (the early script keeps it, docs/architecture.md "The
  // first frame"), shows the button at work and goes there once it is.
  // Until then the link has no address, so the keyboard reaches it by its tab stop and Enter acts as a tap.
  function connect(event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) {
    if (href) return;
    event.preventDefault();
    const pending = loginUrl.current;
    if (!pending || working) return;
    setWorking(true);
    pending.then(
      (address) => window.location.assign(address),
      () => setWorking(false),
    );
  }

  return (
    <LandingFrame
      startDelayMs={750}
      after={
        <LazyInfoSheet open={sheetOpen} onOpenChange={setSheetOpen} title={t('landing.login.whyConnect')}>
          <img className={styles.podium} src={PODIUM} alt="" width={240} height={155} />
          <p>{t('landing.login.sheetAsks')}</p>
          <p>{t('landing.login.sheetOnlyReads')}</p>
        </LazyInfoSheet>
      }
    >
      <p className={styles.pitch}>{t('landing.login.pitch')}</p>
      <a
        className={styles.primary}
        href={href}
        role={href ? undefined : 'link'}
        tabIndex={0}
        onClick={connect}
        onKeyDown={(event) => event.key === 'Enter' && connect(event)}
        aria-busy={working || undefined}
      >
        {t('landing.login.connectSpotify')}
      </a>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('common.error.failed')}
        </p>
      ) : null}
      <OtherSources />
      <button type="button" className={styles.textButton} onClick={() => setSheetOpen(true)}>
        {t('landing.login.whyConnect')}
      </button>
      <Link className={styles.secondaryLink} to="/signup">
        {t('landing.login.joinWaitlist')}
      </Link>
    </LandingFrame>
  );
}
