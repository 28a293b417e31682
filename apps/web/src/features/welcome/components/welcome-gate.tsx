import type { Artist } from '@heavy-rotation/spotify';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { KEYS } from '../../../lib/session.ts';
import { readString, writeString } from '../../../lib/storage.ts';
import styles from './welcome-overlay.module.css';

const WelcomeOverlay = lazy(async () => ({
  default: (await import('./welcome-overlay.tsx')).WelcomeOverlay,
}));

export interface WelcomeGateProps {
  artists: Artist[];
  /** Shows the overlay again even after it was completed (e.g. from the menu). */
  replay?: boolean;
  onReplayDone?: () => void;
  /** The user's access token for the server call (defaults to the stored one). */
  getAccessToken?: () => Promise<string | null>;
}

/** The welcome overlay on `/`: shown while `welcome_shown` is unset or on request. */
export function WelcomeGate({ artists, replay = false, onReplayDone, getAccessToken }: WelcomeGateProps) {
  const [shown, setShown] = useState(() => readString(KEYS.welcomeShown) !== null);
  if ((shown && !replay) || artists.length === 0) return null;
  const complete = () => {
    writeString(KEYS.welcomeShown, 'true');
    setShown(true);
    onReplayDone?.();
  };
  // On <body>: an ancestor with a transform (page transitions) would otherwise clip a fixed overlay.
  return createPortal(
    <Suspense
      fallback={
        <div className={styles.backdrop}>
          <Spinner label="Loading welcome..." />
        </div>
      }
    >
      <WelcomeOverlay
        artistNames={artists.map((a) => a.name)}
        onComplete={complete}
        getAccessToken={getAccessToken}
      />
    </Suspense>,
    document.body,
  );
}
