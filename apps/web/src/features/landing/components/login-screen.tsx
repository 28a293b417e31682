import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
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
        <LazyInfoSheet open={sheetOpen} onOpenChange={setSheetOpen} title="Why connect Spotify?">
          <img className={styles.podium} src={PODIUM} alt="" width={240} height={155} />
          <p>
            Heavy Rotation asks Spotify for one thing: your top artists of roughly the last four weeks. That
            is how it builds your ranked top 40.
          </p>
          <p>
            It only reads. Nothing in your Spotify account changes, and nothing is kept beyond what it takes
            to show you your list.
          </p>
        </LazyInfoSheet>
      }
    >
      <p className={styles.pitch}>
        Your top 40 artists of the last four weeks. Guess them to unlock the list.
      </p>
      <a
        className={styles.primary}
        href={href}
        role={href ? undefined : 'link'}
        tabIndex={0}
        onClick={connect}
        onKeyDown={(event) => event.key === 'Enter' && connect(event)}
        aria-busy={working || undefined}
      >
        Connect Spotify
      </a>
      {failed ? (
        <p className={styles.error} role="alert">
          Something went wrong. Please try again.
        </p>
      ) : null}
      <OtherSources />
      <button type="button" className={styles.textButton} onClick={() => setSheetOpen(true)}>
        Why connect Spotify?
      </button>
      <Link className={styles.secondaryLink} to="/signup">
        No access yet? Join the waitlist
      </Link>
    </LandingFrame>
  );
}
