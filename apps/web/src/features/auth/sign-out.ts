import { sendToBackend } from '../../lib/backend.ts';
import { clearExportListener } from '../../lib/export-listener.ts';
import { currentListener } from '../../lib/listener.ts';
import { KEYS, spotifyUrlKey } from '../../lib/session.ts';
import { clearSourceSession } from '../../lib/source-session.ts';
import { endSession } from '../../lib/spotify-session.ts';
import { removeKey, removeKeysWhere } from '../../lib/storage.ts';
import { useChartHistory } from '../../stores/chart-history.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { useQuizMode } from '../../stores/quiz-mode.ts';
import { useRevealedArtists } from '../../stores/revealed-artists.ts';

/** A Last.fm or ListenBrainz sign-in ends on the server too (its cookie is revoked), whatever the answer. */
function endSourceSession(): void {
  // An export's list lives only on this device: it goes with the sign-in.
  clearExportListener();
  if (currentListener().kind !== 'source') return;
  clearSourceSession();
  sendToBackend('/api/source/logout', { method: 'POST' }).catch((error: unknown) =>
    console.warn('The server could not end the session', String(error)),
  );
}

/** Log out (docs/product.md, "Sign-in and what the browser keeps"): session cleared, welcome_shown removed, messages reset, then /login even on failure. */
export function logout(navigate: (path: string) => void): void {
  try {
    removeKey(KEYS.welcomeShown);
    useQuizMessages.getState().reset();
    // The device's rankings go with the sign-in; a Last.fm or ListenBrainz listener's come back from the server.
    useChartHistory.getState().reset();
    endSourceSession();
    endSession();
  } catch (error) {
    console.warn('Log out did not finish cleanly', error instanceof Error ? error.message : '');
  }
  navigate('/login');
}

/** Reset app: every piece of app data goes, progress included; a failure still lands on /login. */
export function resetApp(navigate: (path: string) => void): void {
  try {
    useRevealedArtists.getState().reset();
    useQuizMessages.getState().reset();
    useChartHistory.getState().reset();
    useQuizMode.getState().reset();
    removeKey(KEYS.welcomeShown);
    removeKey(KEYS.revealed);
    removeKey(KEYS.quizMessages);
    removeKey(KEYS.smsGateSkippedAt);
    // A challenge link lives on until it ends; this device forgets it, and any friend's games played here.
    removeKeysWhere((key) => key.startsWith('challenge_'));
    const linkPrefix = spotifyUrlKey('');
    removeKeysWhere((key) => key.startsWith(linkPrefix));
    endSourceSession();
    endSession();
    navigate('/login');
  } catch {
    window.location.assign('/login');
  }
}
