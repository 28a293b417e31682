import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { demoData } from '../data/demo.ts';
import { bearer } from '../testing.ts';

type App = ReturnType<typeof createEmulator>;

async function as(app: App, listenerId: string) {
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId }),
  });
  return bearer(((await res.json()) as { access_token: string }).access_token);
}

async function get(app: App, path: string, listenerId = 'demo-listener') {
  const res = await app.request(`/v1${path}`, await as(app, listenerId));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('the demo listeners have 50, 12 and no top artists, in rank order', async () => {
  const app = createEmulator();
  const demo = await get(app, '/me/top/artists?time_range=short_term&limit=50');
  const names = (demo.body.items as { name: string }[]).map((a) => a.name);
  expect(names).toHaveLength(50);
  expect(names.slice(0, 5)).toEqual(['Beyoncé', 'The Weeknd', 'AC/DC', 'P!nk', 'Simon & Garfunkel']);
  expect((await get(app, '/me/top/artists', 'casual-listener')).body.total).toBe(12);
  expect((await get(app, '/me/top/artists', 'new-listener')).body).toMatchObject({ items: [], total: 0 });
});

test('pages link to the next and previous page', async () => {
  const app = createEmulator();
  const { body } = await get(app, '/me/top/artists?limit=20&offset=20');
  expect(body).toMatchObject({ limit: 20, offset: 20, total: 50 });
  expect(new URL(String(body.next)).searchParams.get('offset')).toBe('40');
  expect(new URL(String(body.previous)).searchParams.get('offset')).toBe('0');
});

test('a listener off the allow list signs in but every Web API call is 403', async () => {
  const app = createEmulator();
  for (const path of ['/me', '/me/top/artists']) {
    const res = await get(app, path, 'guest-listener');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { status: 403 } });
  }
});

test('missing and unknown tokens are 401 in the error envelope', async () => {
  const app = createEmulator();
  const none = await app.request('/v1/me');
  expect(await none.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
  const bad = await app.request('/v1/me', bearer('nope'));
  expect(await bad.json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
});

test('bad limit, offset and time_range are 400 with Spotify messages', async () => {
  const app = createEmulator();
  const cases: [string, string][] = [
    ['/me/top/artists?limit=0', 'Invalid limit'],
    ['/me/top/artists?limit=51', 'Invalid limit'],
    ['/me/top/tracks?limit=ten', 'Invalid limit'],
    ['/me/top/artists?offset=-1', 'Invalid offset'],
    ['/me/top/artists?time_range=forever', 'Invalid time range'],
    ['/artists?ids=', 'Missing required parameter: ids'],
    [`/artists?ids=${Array(51).fill(demoData.artists[0]?.id).join(',')}`, 'Too many ids requested'],
    [`/albums?ids=${Array(21).fill('abc').join(',')}`, 'Too many ids requested'],
    ['/artists/not-an-id!', 'Invalid base62 id'],
    ['/search?q=x&type=song', 'Bad search type field'],
    ['/search?type=artist', 'No search query'],
  ];
  for (const [path, message] of cases) {
    expect(await get(app, path), path).toEqual({ status: 400, body: { error: { status: 400, message } } });
  }
});

test('an unknown id is 404 and an unknown path is Service not found', async () => {
  const app = createEmulator();
  expect(await get(app, '/artists/0000000000000000000000')).toEqual({
    status: 404,
    body: { error: { status: 404, message: 'Resource not found' } },
  });
  expect((await get(app, '/nothing/here')).body).toEqual({
    error: { status: 404, message: 'Service not found' },
  });
});

test('development mode omits popularity, followers and genres; extended mode has them', async () => {
  const id = demoData.artists[0]?.id;
  const dev = (await get(createEmulator(), `/artists/${id}`)).body;
  expect(Object.keys(dev).sort()).toEqual(['external_urls', 'href', 'id', 'images', 'name', 'type', 'uri']);
  const extended = (await get(createEmulator({ mode: 'extended' }), `/artists/${id}`)).body;
  expect(Object.keys(extended).sort()).toEqual([
    'external_urls',
    'followers',
    'genres',
    'href',
    'id',
    'images',
    'name',
    'popularity',
    'type',
    'uri',
  ]);
  expect(extended.external_urls).toEqual({ spotify: `https://open.spotify.com/artist/${id}` });
});

test('multi-get answers null for an unknown id, as Spotify does', async () => {
  const app = createEmulator();
  const { body } = await get(app, `/artists?ids=${demoData.artists[1]?.id},0000000000000000000000`);
  expect((body.artists as unknown[])[1]).toBeNull();
});

test('search folds accents and case', async () => {
  const app = createEmulator();
  const { body } = await get(app, '/search?q=beyonce&type=artist');
  expect((body.artists as { items: { name: string }[] }).items.map((a) => a.name)).toContain('Beyoncé');
});
