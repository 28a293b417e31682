import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { DEMO_LASTFM, lastfmSignature } from './lastfm.ts';

const app = createEmulator();

function lastfm(params: Record<string, string>) {
  return app.request(`/lastfm/2.0/?${new URLSearchParams({ ...params, format: 'json' })}`);
}

test('Last.fm refuses a wrong signature, an unknown key and an unknown user, with its error codes', async () => {
  const params = { method: 'auth.getSession', api_key: DEMO_LASTFM.apiKey, token: 'nope' };
  expect(await (await lastfm({ ...params, api_sig: 'f'.repeat(32) })).json()).toMatchObject({ error: 13 });
  const signed = { ...params, api_sig: lastfmSignature(params, DEMO_LASTFM.secret) };
  expect(await (await lastfm(signed)).json()).toMatchObject({ error: 4 });
  expect(await (await lastfm({ ...params, api_key: 'other' })).json()).toMatchObject({ error: 10 });
  const unknown = await lastfm({ method: 'user.getTopArtists', api_key: DEMO_LASTFM.apiKey, user: 'nobody' });
  expect(await unknown.json()).toMatchObject({ error: 6 });
});

test('an injected Last.fm error comes with HTTP 200 by default, as Last.fm often sends them', async () => {
  await app.request('/lastfm/_control/faults', {
    method: 'POST',
    body: JSON.stringify({ match: 'user.getInfo', error: 29 }),
  });
  const res = await lastfm({ method: 'user.getInfo', api_key: DEMO_LASTFM.apiKey, user: 'demo-scrobbler' });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ error: 29 });
  const next = await lastfm({ method: 'user.getInfo', api_key: DEMO_LASTFM.apiKey, user: 'demo-scrobbler' });
  expect(await next.json()).toMatchObject({ user: { name: 'demo-scrobbler' } });
});

test('ListenBrainz: a token names its user, statistics page through, and a listener without them gets 204', async () => {
  const valid = await app.request('/listenbrainz/1/validate-token', {
    headers: { Authorization: 'Token demo-listenbrainz-token-0000000000000001' },
  });
  expect(await valid.json()).toMatchObject({ valid: true, user_name: 'demo-brainz' });
  const invalid = await app.request('/listenbrainz/1/validate-token', {
    headers: { Authorization: 'Token x' },
  });
  expect(await invalid.json()).toMatchObject({ valid: false });
  const month = await app.request('/listenbrainz/1/stats/user/demo-brainz/artists?range=month&count=40');
  const body = (await month.json()) as { payload: { artists: unknown[]; total_artist_count: number } };
  expect(body.payload.artists).toHaveLength(40);
  expect(body.payload.total_artist_count).toBe(50);
  const thisMonth = await app.request(
    '/listenbrainz/1/stats/user/demo-brainz/artists?range=this_month&count=40',
  );
  expect(((await thisMonth.json()) as { payload: { artists: unknown[] } }).payload.artists).toHaveLength(25);
  expect((await app.request('/listenbrainz/1/stats/user/fresh-brainz/artists?range=month')).status).toBe(204);
  expect((await app.request('/listenbrainz/1/stats/user/nobody/artists?range=month')).status).toBe(404);
});
