import type { Artist } from '@heavy-rotation/spotify';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/i18n.ts';
import { KEYS } from '../../../lib/session.ts';
import { readString, writeString } from '../../../lib/storage.ts';
import styles from './welcome-overlay.module.css';

const WelcomeOverlay = lazy(async () => ({
  default: (await import('./welcome-overlay.tsx')).WelcomeOverlay,
}));

export interface WelcomeGateProps {
  artists: Artist[];
  /** List indices the listener has unlocked: the welcome names only these artists. */
  revealed: readonly number[];
}

/** How many unlocked artists the greeting names. */
const WELCOME_NAMES = 3;

/**
 * The names the welcome may use: up to three unlocked artists, best rank first. A locked artist never
 * reaches the welcome, its cache or the server (docs/decisions/009-welcome-names-unlocked-artists.md).
 */
function welcomeNames(artists: readonly Artist[], revealed: readonly number[]): string[] {
  return [...revealed]
    .sort((a, b) => a - b)
    .flatMap((i) => (artists[i] ? [artists[i].name] : []))
    .slice(0, WELCOME_NAMES);
}

/** The welcome overlay on `/`: shown while `welcome_shown` is unset. */
export function WelcomeGate({ artists, revealed }: WelcomeGateProps) {
  const [shown, setShown] = useState(() => readString(KEYS.welcomeShown) !== null);
  if (shown || artists.length === 0) return null;
  const complete = () => {
    writeString(KEYS.welcomeShown, 'true');
    setShown(true);
  };
  // On <body>: an ancestor with a transform (page transitions) would otherwise clip a fixed overlay.
  return createPortal(
    <Suspense
      fallback={
        <div className={styles.backdrop}>
          <Spinner label={t('messages.welcome.loading')} />
        </div>
      }
    >
      <WelcomeOverlay
        artistNames={welcomeNames(artists, revealed)}
        listSize={artists.length}
        onComplete={complete}
      />
    </Suspense>,
    document.body,
  );
}
