import { SpotifyApiError } from '@heavy-rotation/spotify';
import { t } from '../../i18n/i18n.ts';
import { BackendError } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { failureText } from '../../lib/failure-text.ts';
import { readSourceSession } from '../../lib/source-session.ts';
import { SOURCE_LIST_FAILURES } from './source-list-failures.ts';

export type TopArtistsErrorKind = 'guest' | 'rate-limited' | 'signed-out' | 'empty' | 'other';

export interface DescribedError {
  kind: TopArtistsErrorKind;
  message: string;
  /** Worth the automatic retries at 1, 2 and 4 s. */
  autoRetry: boolean;
}

/** What fetching the list throws when the source ranks no artist yet (the screen then says why). */
export const NO_ARTISTS_FOUND = 'No artists found';
/** What it throws with no session to ask with. */
export const NO_ACCESS_TOKEN = 'No access token';

function comeBackText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return t('top40.errorBreakMinute');
  if (minutes < 90) return t('top40.errorBreakMinutes', { minutes });
  return t('top40.errorBreakHours', { hours: Math.round(minutes / 60) });
}

/** A failure of our server while fetching a source's list, worded by its code for the listener's source. */
export function listFailureText(error: BackendError): string {
  const source = readSourceSession()?.source;
  return failureText(error, source ? SOURCE_LIST_FAILURES[source] : {});
}

/** Turns a failed top-artists fetch into what the Top 40 screen says. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof SpotifyApiError) {
    if (error.status === 403) return { kind: 'guest', message: t('top40.errorGuest'), autoRetry: false };
    if (error.status === 429) {
      return { kind: 'rate-limited', message: comeBackText(error.retryAfter ?? 60), autoRetry: false };
    }
    return {
      kind: 'other',
      message: t('top40.errorFetch', { status: String(error.status) }),
      autoRetry: true,
    };
  }
  if (error instanceof BackendError && error.serverText) {
    // Last.fm and ListenBrainz, through our server: its code worded in the listener's language
    // (docs/languages.md), and its verdict on trying again.
    const message = listFailureText(error);
    if (error.status === 401) return { kind: 'signed-out', message, autoRetry: false };
    if (error.status === 429) return { kind: 'rate-limited', message, autoRetry: false };
    return { kind: 'other', message, autoRetry: error.kind === 'unavailable' };
  }
  if (error instanceof Error) {
    // The app's own errors are worded in the listener's language; a browser's stays as it came.
    if (error instanceof SignedOutError) {
      const message = error.message === NO_ACCESS_TOKEN ? t('top40.errorSignedOut') : error.message;
      return { kind: 'signed-out', message, autoRetry: false };
    }
    if (error.message === NO_ARTISTS_FOUND)
      return { kind: 'empty', message: t('top40.errorNoArtists'), autoRetry: true };
    return { kind: 'other', message: error.message, autoRetry: true };
  }
  return { kind: 'other', message: t('top40.errorUnknown'), autoRetry: true };
}
