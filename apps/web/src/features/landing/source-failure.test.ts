import { afterAll, expect, test } from 'vitest';
import { loadLanguage } from '../../i18n/i18n.ts';
import { sourceFailureText } from './source-failure.ts';

afterAll(() => loadLanguage('en'));

test("Last.fm's sign-in coming back to /login is told by its code, naming the source", () => {
  expect(sourceFailureText('lastfm', 'cancelled')).toBe('You cancelled connecting to Last.fm.');
  expect(sourceFailureText('lastfm', 'state')).toBe(
    "There was an issue connecting to Last.fm. Let's try that again.",
  );
  expect(sourceFailureText('lastfm', 'rate-limited')).toBe(
    'Last.fm needs a short break. Try again in a minute.',
  );
  expect(sourceFailureText('lastfm', 'something-new')).toBe(
    "Last.fm couldn't sign you in. Please try again.",
  );
});

test('a listener reading German reads the sign-in failure in German', async () => {
  await loadLanguage('de');
  expect(sourceFailureText('listenbrainz', 'cancelled')).toBe(
    'Du hast die Verbindung mit ListenBrainz abgebrochen.',
  );
});
