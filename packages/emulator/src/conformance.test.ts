import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, test } from 'vitest';
import { createEmulator } from './app.ts';
import schemas from './generated/response-schemas.json' with { type: 'json' };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(schemas);

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** Operations the app's catalogue (spec/clients.md) does not name; not emulated. */
const NOT_EMULATED = new Set([
  'GET /audiobooks/{id}',
  'GET /audiobooks',
  'GET /audiobooks/{id}/chapters',
  'GET /me/audiobooks',
  'PUT /me/audiobooks',
  'DELETE /me/audiobooks',
  'GET /me/audiobooks/contains',
  'GET /chapters/{id}',
  'GET /chapters',
]);

const app = createEmulator({ mode: 'extended' });
let auth: Record<string, string> = {};
const ids: Record<string, string> = {};

interface Item {
  id: string;
}
interface Page {
  items: Item[];
}
/** The fields these tests read from answers, once the schema check has passed. */
interface Answer extends Page {
  id: string;
  shows: Page;
  episodes: Page;
  playlists: Page;
  categories: Page;
  devices: Item[];
}
const covered = new Set<string>();

async function call(op: string, path: string, init: { body?: unknown; raw?: string; type?: string } = {}) {
  const [method = 'GET'] = op.split(' ');
  const headers: Record<string, string> = { ...auth };
  let body: string | undefined;
  if (init.raw !== undefined) {
    body = init.raw;
    headers['Content-Type'] = init.type ?? 'text/plain';
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await app.request(`/v1${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  covered.add(op);
  const operation = (schemas.operations as Record<string, { responses: Record<string, unknown> }>)[op];
  expect(operation, `${op} is in the OpenAPI file`).toBeDefined();
  expect(Object.keys(operation?.responses ?? {}), `${op} answered ${res.status}: ${text}`).toContain(
    String(res.status),
  );
  if (operation?.responses[String(res.status)]) {
    const validate = ajv.getSchema(
      `spotify-responses#/${pointer('operations', op, 'responses', String(res.status))}`,
    );
    if (!validate) throw new Error(`no schema for ${op}`);
    expect(validate(json), `${op}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  return json as Answer;
}

beforeAll(async () => {
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId: 'demo-listener' }),
  });
  auth = { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
});

const first = (page: Page) => page.items[0]?.id ?? '';

test('every emulated Web API operation answers with a body that matches its OpenAPI response schema', async () => {
  await call('GET /me', '/me');
  const artists = await call('GET /me/top/artists', '/me/top/artists?time_range=short_term&limit=5');
  ids.artist = first(artists);
  const tracks = await call('GET /me/top/tracks', '/me/top/tracks?limit=5');
  ids.track = first(tracks);
  await call('GET /users/{user_id}', '/users/casual-listener');
  await call('GET /artists/{id}', `/artists/${ids.artist}`);
  await call('GET /artists', `/artists?ids=${ids.artist},${artists.items[1]?.id}`);
  const albums = await call(
    'GET /artists/{id}/albums',
    `/artists/${ids.artist}/albums?include_groups=album,single`,
  );
  ids.album = first(albums);
  await call('GET /artists/{id}/top-tracks', `/artists/${ids.artist}/top-tracks?market=SE`);
  await call('GET /artists/{id}/related-artists', `/artists/${ids.artist}/related-artists`);
  await call('GET /albums/{id}', `/albums/${ids.album}`);
  await call('GET /albums', `/albums?ids=${ids.album}`);
  await call('GET /albums/{id}/tracks', `/albums/${ids.album}/tracks`);
  await call('GET /tracks/{id}', `/tracks/${ids.track}`);
  await call('GET /tracks', `/tracks?ids=${ids.track}`);
  const search = await call(
    'GET /search',
    '/search?q=the&type=artist,album,track,playlist,show,episode&limit=3',
  );
  ids.show = first(search.shows);
  ids.episode = first(search.episodes);
  await call('GET /shows/{id}', `/shows/${ids.show}`);
  await call('GET /shows', `/shows?ids=${ids.show}`);
  await call('GET /shows/{id}/episodes', `/shows/${ids.show}/episodes`);
  await call('GET /episodes/{id}', `/episodes/${ids.episode}`);
  await call('GET /episodes', `/episodes?ids=${ids.episode}`);
  await call('GET /audio-features/{id}', `/audio-features/${ids.track}`);
  await call('GET /audio-features', `/audio-features?ids=${ids.track}`);
  await call('GET /audio-analysis/{id}', `/audio-analysis/${ids.track}`);
  await call('GET /recommendations', `/recommendations?seed_artists=${ids.artist}&seed_genres=jazz&limit=5`);
  await call('GET /recommendations/available-genre-seeds', '/recommendations/available-genre-seeds');
  await call('GET /markets', '/markets');
  const featured = await call('GET /browse/featured-playlists', '/browse/featured-playlists?limit=2');
  ids.spotifyPlaylist = first(featured.playlists);
  await call('GET /browse/new-releases', '/browse/new-releases?limit=2');
  const categories = await call('GET /browse/categories', '/browse/categories');
  ids.category = first(categories.categories);
  await call('GET /browse/categories/{category_id}', `/browse/categories/${ids.category}`);
  await call(
    'GET /browse/categories/{category_id}/playlists',
    `/browse/categories/${ids.category}/playlists`,
  );
});

test('library, follow and playlist operations match their schemas', async () => {
  for (const kind of ['tracks', 'albums', 'shows', 'episodes']) {
    const id = { tracks: ids.track, albums: ids.album, shows: ids.show, episodes: ids.episode }[kind];
    await call(`PUT /me/${kind}`, `/me/${kind}?ids=${id}`);
    await call(`GET /me/${kind}`, `/me/${kind}`);
    await call(`GET /me/${kind}/contains`, `/me/${kind}/contains?ids=${id}`);
    await call(`DELETE /me/${kind}`, `/me/${kind}`, { body: { ids: [id] } });
  }
  const uri = `spotify:track:${ids.track}`;
  await call('PUT /me/library', `/me/library?uris=${uri},spotify:artist:${ids.artist}`);
  expect(await call('GET /me/library/contains', `/me/library/contains?uris=${uri}`)).toEqual([true]);
  await call('DELETE /me/library', `/me/library?uris=${uri}`);
  await call('PUT /me/following', `/me/following?type=artist&ids=${ids.artist}`);
  await call('GET /me/following', '/me/following?type=artist&limit=2');
  await call('GET /me/following/contains', `/me/following/contains?type=artist&ids=${ids.artist}`);
  await call('DELETE /me/following', `/me/following?type=user&ids=casual-listener`);

  const created = await call('POST /me/playlists', '/me/playlists', {
    body: { name: 'Road trip', public: false },
  });
  const mine = created.id;
  await call('POST /users/{user_id}/playlists', '/users/demo-listener/playlists', {
    body: { name: 'Second' },
  });
  await call('GET /me/playlists', '/me/playlists');
  await call('GET /users/{user_id}/playlists', '/users/spotify/playlists');
  await call('PUT /playlists/{playlist_id}', `/playlists/${mine}`, { body: { description: 'Windows down' } });
  await call('POST /playlists/{playlist_id}/items', `/playlists/${mine}/items`, {
    body: { uris: [uri, uri] },
  });
  await call('POST /playlists/{playlist_id}/tracks', `/playlists/${mine}/tracks?uris=${uri}`);
  await call('PUT /playlists/{playlist_id}/items', `/playlists/${mine}/items`, {
    body: { range_start: 0, insert_before: 2 },
  });
  await call('PUT /playlists/{playlist_id}/tracks', `/playlists/${mine}/tracks`, {
    body: { uris: [uri, uri, uri] },
  });
  await call('GET /playlists/{playlist_id}', `/playlists/${mine}`);
  await call('GET /playlists/{playlist_id}/items', `/playlists/${mine}/items`);
  await call('GET /playlists/{playlist_id}/tracks', `/playlists/${mine}/tracks`);
  await call('DELETE /playlists/{playlist_id}/items', `/playlists/${mine}/items`, {
    body: { items: [{ uri }] },
  });
  await call('DELETE /playlists/{playlist_id}/tracks', `/playlists/${mine}/tracks`, {
    body: { tracks: [{ uri }] },
  });
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');
  await call('PUT /playlists/{playlist_id}/images', `/playlists/${mine}/images`, {
    raw: jpeg,
    type: 'image/jpeg',
  });
  await call('GET /playlists/{playlist_id}/images', `/playlists/${mine}/images`);
  await call('PUT /playlists/{playlist_id}/followers', `/playlists/${ids.spotifyPlaylist}/followers`);
  await call(
    'GET /playlists/{playlist_id}/followers/contains',
    `/playlists/${ids.spotifyPlaylist}/followers/contains`,
  );
  await call('DELETE /playlists/{playlist_id}/followers', `/playlists/${ids.spotifyPlaylist}/followers`);
});

test('player operations match their schemas', async () => {
  const devices = await call('GET /me/player/devices', '/me/player/devices');
  const device = devices.devices[1]?.id;
  await call('PUT /me/player', '/me/player', { body: { device_ids: [device] } });
  await call('PUT /me/player/play', '/me/player/play', {
    body: { context_uri: `spotify:album:${ids.album}` },
  });
  await call('GET /me/player', '/me/player');
  await call('GET /me/player/currently-playing', '/me/player/currently-playing');
  await call('POST /me/player/queue', `/me/player/queue?uri=spotify:episode:${ids.episode}`);
  await call('GET /me/player/queue', '/me/player/queue');
  await call('POST /me/player/next', '/me/player/next');
  await call('POST /me/player/previous', '/me/player/previous');
  await call('PUT /me/player/seek', '/me/player/seek?position_ms=1000');
  await call('PUT /me/player/repeat', '/me/player/repeat?state=context');
  await call('PUT /me/player/shuffle', '/me/player/shuffle?state=true');
  await call('PUT /me/player/volume', '/me/player/volume?volume_percent=55');
  await call('PUT /me/player/pause', '/me/player/pause');
  await call('GET /me/player/recently-played', '/me/player/recently-played?limit=5');
});

test('every operation of the OpenAPI file except audiobooks and chapters is exercised', () => {
  const all = Object.keys(schemas.operations).filter((op) => !NOT_EMULATED.has(op));
  expect(all.filter((op) => !covered.has(op))).toEqual([]);
});

test('the derived schemas reject a body of the wrong shape', () => {
  const validate = ajv.getSchema(
    `spotify-responses#/${pointer('operations', 'GET /me/top/artists', 'responses', '200')}`,
  );
  expect(validate?.({ href: 1, items: [{ name: 2 }] })).toBe(false);
});
