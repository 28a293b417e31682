import type { ChallengeCreate } from '@heavy-rotation/contracts/challenges';
import { callBackend } from '../../lib/backend.ts';
import { currentListener, spotifyTokenOf } from '../../lib/listener.ts';

// The challenge link's calls (apps/server/README.md, "Endpoints"): one function per operation.

const path = (id: string, rest = '') => `/api/challenges/${encodeURIComponent(id)}${rest}`;

/** Makes a link of the list; a Spotify listener's token goes along so the link counts as theirs. */
export async function createChallenge(body: ChallengeCreate) {
  const accessToken = await spotifyTokenOf(currentListener());
  return callBackend('/api/challenges', 'challengeCreated', { method: 'POST', body, accessToken });
}

/** The public view of a link: its name, size and open ranks. */
export function getChallenge(id: string, signal?: AbortSignal) {
  return callBackend(path(id), 'challengeView', { signal });
}

/** One guess of a game, judged by the server (which keeps the right ones): the artist it names, or null. */
export function guessChallenge(id: string, playId: string, guess: string) {
  return callBackend(path(id, '/guesses'), 'challengeGuessReply', {
    method: 'POST',
    body: { guess, playId },
  });
}

/** A friend's finished game, with the name they chose to add: the server counts its score. */
export function savePlay(id: string, playId: string, name: string | null) {
  return callBackend(path(id, `/plays/${playId}`), 'challengePlayReply', { method: 'PUT', body: { name } });
}

/** How friends did: the link's key is the proof that it is the listener's. */
export function getResults(id: string, key: string, signal?: AbortSignal) {
  return callBackend(path(id, '/results'), 'challengeResults', {
    headers: { 'X-Challenge-Key': key },
    signal,
  });
}

/** Stop sharing: the link and its results are deleted. */
export function stopChallenge(id: string, key: string) {
  return callBackend(path(id), 'okReply', { method: 'DELETE', headers: { 'X-Challenge-Key': key } });
}
