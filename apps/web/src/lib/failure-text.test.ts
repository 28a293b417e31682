import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { provideConfig } from '../config/app-config.ts';
import { loadLanguage } from '../i18n/i18n.ts';
import { sendToBackend } from './backend.ts';
import { failureText } from './failure-text.ts';

// A real server answering as ours does when it fails: `{ error, code }` (apps/server/src/http/errors.ts).
const ANSWERS: Record<string, [number, Record<string, string>]> = {
  '/down': [503, { error: 'The service is briefly unavailable, try again shortly', code: 'unavailable' }],
  '/busy': [429, { error: 'Too many requests', code: 'rate-limited' }],
  '/ended': [410, { error: 'This challenge has ended', code: 'ended' }],
  '/broken': [500, { error: 'Internal server error', code: 'failed' }],
  '/older': [400, { error: 'name: must be text' }],
};
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body] = ANSWERS[req.url ?? ''] ?? [404, { error: 'Not found' }];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provideConfig({
    productName: 'Heavy Rotation',
    spotifyClientId: 'heavy-rotation-demo',
    spotifyAccountsUrl: origin,
    spotifyApiUrl: origin,
    backendUrl: origin,
    anonKey: 'public-anon-key-0123456789',
    lastfm: false,
    listenbrainzSettingsUrl: 'https://listenbrainz.org/settings/',
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => loadLanguage('en'));

const failureOf = (path: string) =>
  sendToBackend(path, {}).then(
    () => expect.fail('it succeeded'),
    (e) => e,
  );

test("a failure the server codes is told in the listener's language, not in the server's English", async () => {
  const down = await failureOf('/down');
  expect(failureText(down)).toBe('The service is briefly unavailable, try again shortly');
  await loadLanguage('de');
  expect(failureText(down)).toBe('Der Dienst ist kurz nicht erreichbar. Versuch es gleich noch mal.');
  expect(failureText(await failureOf('/busy'))).toBe('Zu viele Anfragen');
});

test("a screen's own codes come first; a failure without words for the listener gets the screen's fallback", async () => {
  const ended = await failureOf('/ended');
  expect(failureText(ended, { codes: { ended: 'common.error.failedTryAgain' } })).toBe(
    'Something went wrong. Try again.',
  );
  expect(failureText(ended)).toBe('Something went wrong. Please try again.');
  expect(failureText(await failureOf('/broken'), { fallback: 'common.somethingWentWrong' })).toBe(
    'Something went wrong',
  );
  expect(failureText(await failureOf('/older'))).toBe('Something went wrong. Please try again.');
});

test('no answer at all reads as being offline', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const unreachable = await sendToBackend(`http://127.0.0.1:${port}/down`, {}).then(
    () => expect.fail('it succeeded'),
    (e: unknown) => e,
  );
  expect(failureText(unreachable)).toBe("You're offline. Try again when you're back.");
});
