import { afterAll, expect, test } from 'vitest';
import { loadLanguage } from '../../i18n/i18n.ts';
import { BackendError } from '../../lib/backend.ts';
import { failureText } from '../../lib/failure-text.ts';
import { SOURCE_LIST_FAILURES } from './source-list-failures.ts';

afterAll(() => loadLanguage('en'));

/** A failure as our server answers it: a status, its English `error`, its code. */
const answered = (status: number, code: string) =>
  new BackendError(status >= 500 ? 'unavailable' : 'refused', status, 'failed', 'English words', code);

test("a source's failures while fetching the list are worded by code, whatever the server's English", () => {
  expect(failureText(answered(404, 'unknown-user'), SOURCE_LIST_FAILURES.lastfm)).toBe(
    "Last.fm doesn't know this user.",
  );
  expect(failureText(answered(401, 'signed-out'), SOURCE_LIST_FAILURES.listenbrainz)).toBe(
    'Your ListenBrainz token was refused. Paste it again.',
  );
  expect(failureText(answered(409, 'not-ready'), SOURCE_LIST_FAILURES.listenbrainz)).toBe(
    "ListenBrainz hasn't worked out your stats yet. Come back in a day.",
  );
  expect(failureText(answered(503, 'still-fetching'), SOURCE_LIST_FAILURES.lastfm)).toBe(
    'Your list is still on its way. Try again.',
  );
  expect(failureText(answered(502, 'failed'), SOURCE_LIST_FAILURES.lastfm)).toBe(
    'Last.fm could not answer. Try again shortly.',
  );
});

test('a listener reading Japanese reads the same failures in Japanese', async () => {
  await loadLanguage('ja');
  expect(failureText(answered(404, 'unknown-user'), SOURCE_LIST_FAILURES.lastfm)).toBe(
    'Last.fmにこのユーザーは見つかりません。',
  );
});
