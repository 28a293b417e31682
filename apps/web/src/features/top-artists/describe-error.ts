import { SpotifyApiError } from '@heavy-rotation/spotify';
import { BackendError } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';

export type TopArtistsErrorKind = 'guest' | 'rate-limited' | 'signed-out' | 'other';

export interface DescribedError {
  kind: TopArtistsErrorKind;
  message: string;
  /** Worth the automatic retries at 1, 2 and 4 s. */
  autoRetry: boolean;
}

export const GUEST_LIST_ERROR = "Your account isn't on the guest list yet";

function comeBackText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'Spotify needs a short break. Come back in a minute.';
  if (minutes < 90) return `Spotify needs a short break. Come back in about ${minutes} minutes.`;
  return `Spotify needs a break. Come back in about ${Math.round(minutes / 60)} hours.`;
}

/** Turns a failed top-artists fetch into what the Top 40 screen says. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof SpotifyApiError) {
    if (error.status === 403) return { kind: 'guest', message: GUEST_LIST_ERROR, autoRetry: false };
    if (error.status === 429) {
      return { kind: 'rate-limited', message: comeBackText(error.retryAfter ?? 60), autoRetry: false };
    }
    return { kind: 'other', message: `Failed to fetch artists: ${error.status}`, autoRetry: true };
  }
  if (error instanceof BackendError && error.serverText) {
    // Last.fm and ListenBrainz, through our server: its words, and its verdict on trying again.
    if (error.status === 401) return { kind: 'signed-out', message: error.serverText, autoRetry: false };
    if (error.status === 429) return { kind: 'rate-limited', message: error.serverText, autoRetry: false };
    return { kind: 'other', message: error.serverText, autoRetry: error.kind === 'unavailable' };
  }
  if (error instanceof Error) {
    if (error instanceof SignedOutError)
      return { kind: 'signed-out', message: error.message, autoRetry: false };
    return { kind: 'other', message: error.message, autoRetry: true };
  }
  return { kind: 'other', message: 'An unknown error occurred. Please try again.', autoRetry: true };
}
