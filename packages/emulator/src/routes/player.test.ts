import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { bearer } from '../testing.ts';

async function session(listenerId: string) {
  // A still clock: positions must not drift between calls.
  const app = createEmulator({ clock: () => Date.parse('2026-03-01T12:00:00Z') });
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId }),
  });
  const auth = bearer(((await res.json()) as { access_token: string }).access_token).headers;
  const call = (method: string, path: string, body?: unknown) =>
    app.request(`/v1${path}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { app, call };
}

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

test('nothing playing answers 204 with no body', async () => {
  const { call } = await session('new-listener');
  for (const path of ['/me/player', '/me/player/currently-playing']) {
    const res = await call('GET', path);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  }
});

test('commands without an active device are 404 NO_ACTIVE_DEVICE', async () => {
  const { call } = await session('casual-listener');
  const res = await call('PUT', '/me/player/pause');
  expect(await json(res)).toEqual({
    error: {
      status: 404,
      message: 'Player command failed: No active device found',
      reason: 'NO_ACTIVE_DEVICE',
    },
  });
});

test('transfer, play, skip, repeat, shuffle, volume and seek change the playback state', async () => {
  const { call } = await session('casual-listener');
  const { devices } = (await json(await call('GET', '/me/player/devices'))) as { devices: { id: string }[] };
  expect((await call('PUT', '/me/player', { device_ids: [devices[0]?.id] })).status).toBe(204);
  const top = (await json(await call('GET', '/me/top/tracks?limit=3'))) as { items: { uri: string }[] };
  const uris = top.items.map((t) => t.uri);
  expect((await call('PUT', '/me/player/play', { uris, offset: { position: 1 } })).status).toBe(204);
  let state = await json(await call('GET', '/me/player'));
  expect(state).toMatchObject({
    is_playing: true,
    item: { uri: uris[1] },
    repeat_state: 'off',
    shuffle_state: false,
  });
  await call('POST', '/me/player/next');
  await call('PUT', '/me/player/repeat?state=track');
  await call('PUT', '/me/player/shuffle?state=true');
  await call('PUT', '/me/player/volume?volume_percent=12');
  await call('PUT', '/me/player/seek?position_ms=5000');
  await call('PUT', '/me/player/pause');
  state = await json(await call('GET', '/me/player'));
  expect(state).toMatchObject({
    is_playing: false,
    progress_ms: 5000,
    item: { uri: uris[2] },
    repeat_state: 'track',
    shuffle_state: true,
    device: { id: devices[0]?.id, volume_percent: 12, is_active: true },
  });
  expect((await call('PUT', '/me/player/pause')).status).toBe(403);
});

test('a queued item plays next and shows in the queue', async () => {
  const { call } = await session('demo-listener');
  const search = (await json(await call('GET', '/search?q=liner&type=episode&limit=1'))) as {
    episodes: { items: { uri: string }[] };
  };
  const episode = search.episodes.items[0]?.uri ?? '';
  expect((await call('POST', `/me/player/queue?uri=${episode}`)).status).toBe(204);
  const queue = (await json(await call('GET', '/me/player/queue'))) as { queue: { uri: string }[] };
  expect(queue.queue[0]?.uri).toBe(episode);
  await call('POST', '/me/player/next');
  expect(await json(await call('GET', '/me/player/currently-playing'))).toMatchObject({
    currently_playing_type: 'episode',
    item: { uri: episode },
  });
});

test('invalid player parameters are 400', async () => {
  const { call } = await session('demo-listener');
  for (const path of [
    '/me/player/repeat?state=sometimes',
    '/me/player/volume?volume_percent=101',
    '/me/player/seek',
  ])
    expect((await call('PUT', path)).status, path).toBe(400);
  expect((await call('POST', '/me/player/queue?uri=spotify:track:0000000000000000000000')).status).toBe(400);
  expect((await call('PUT', '/me/player', { device_ids: ['nope'] })).status).toBe(404);
});

test('recently played lists what was skipped past', async () => {
  const { call } = await session('demo-listener');
  const before = (await json(await call('GET', '/me/player/currently-playing'))) as { item: { uri: string } };
  await call('POST', '/me/player/next');
  const recent = (await json(await call('GET', '/me/player/recently-played?limit=1'))) as {
    items: { track: { uri: string } }[];
  };
  expect(recent.items[0]?.track.uri).toBe(before.item.uri);
  expect((await call('GET', '/me/player/recently-played?after=1&before=2')).status).toBe(400);
});

test('playback moves on to the next item when one ends, and stops at the end of the list', async () => {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const app = createEmulator({ clock: () => now });
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId: 'demo-listener' }),
  });
  const auth = bearer(((await res.json()) as { access_token: string }).access_token).headers;
  const get = async (path: string) =>
    (await (await app.request(`/v1${path}`, { headers: auth })).json()) as Record<string, unknown>;
  const tracks = (await get('/me/top/tracks?limit=2')).items as { uri: string; duration_ms: number }[];
  await app.request('/v1/me/player/play', {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ uris: tracks.map((t) => t.uri) }),
  });
  now += (tracks[0]?.duration_ms ?? 0) + 1000;
  expect(await get('/me/player/currently-playing')).toMatchObject({
    item: { uri: tracks[1]?.uri },
    progress_ms: 1000,
  });
  now += tracks[1]?.duration_ms ?? 0;
  expect(await get('/me/player/currently-playing')).toMatchObject({
    item: { uri: tracks[1]?.uri },
    is_playing: false,
  });
});
