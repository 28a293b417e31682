import { Link } from 'wouter';
import { loadedConfig } from '../../../config/app-config.ts';
import { t } from '../../../i18n/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { sourceFailureText } from '../source-failure.ts';
import styles from './landing.module.css';

/** What the server's sign-in for another source answered, in the listener's words. */
function sourceErrorText(params: URLSearchParams): string | null {
  const source = params.get('source');
  const error = params.get('error');
  if ((source !== 'lastfm' && source !== 'listenbrainz') || !error) return null;
  return sourceFailureText(source, error);
}

/**
 * Where Last.fm sign-in starts: a path when the server is this page's own origin (always so where the
 * server serves the page, and so in the prerendered screen), the full address when the app is served
 * from another origin.
 */
function lastfmStart(backendUrl: string): string {
  const url = new URL('/auth/lastfm/start', backendUrl);
  const here = typeof window === 'undefined' ? url.origin : window.location.origin;
  return url.origin === here ? url.pathname : url.toString();
}

/**
 * Under the Spotify button (docs/product.md, "Other sources"): "Upload your Spotify data", "Apple Music
 * or YouTube Music" (their exports, on /upload), "Continue with Last.fm" and "Continue with ListenBrainz".
 */
export function OtherSources() {
  const config = loadedConfig();
  // The address's query is the browser's alone: the prerendered screen has no error (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const error = hydrated ? sourceErrorText(new URLSearchParams(window.location.search)) : null;
  return (
    <div className={styles.sources}>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <Link className={styles.secondary} to="/upload">
        {t('landing.sources.uploadSpotify')}
      </Link>
      <Link className={styles.secondary} to="/upload#apple-music">
        {t('landing.sources.appleOrYoutube')}
      </Link>
      {config?.lastfm ? (
        <a className={styles.secondary} href={lastfmStart(config.backendUrl)}>
          {t('landing.sources.lastfm')}
        </a>
      ) : null}
      <Link className={styles.secondary} to="/listenbrainz">
        {t('landing.sources.listenbrainz')}
      </Link>
    </div>
  );
}
