import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { bearer } from '../testing.ts';

async function session(listenerId = 'demo-listener') {
  const app = createEmulator();
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId }),
  });
  const auth = bearer(((await res.json()) as { access_token: string }).access_token).headers;
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await app.request(`/v1${path}`, {
      method,
      headers: auth,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  };
  return { app, call, auth };
}

async function trackUris(
  call: Awaited<ReturnType<typeof session>>['call'],
  count: number,
): Promise<string[]> {
  const { body } = await call('GET', `/me/top/tracks?limit=${count}`);
  return (body.items as { uri: string }[]).map((t) => t.uri);
}

test('every edit changes the snapshot id and the items follow the edits', async () => {
  const { call } = await session();
  const created = await call('POST', '/me/playlists', { name: 'Mix', description: 'for later' });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const [a = '', b = '', c = ''] = await trackUris(call, 3);
  const add = await call('POST', `/playlists/${id}/items`, { uris: [a, b, c] });
  expect(add.status).toBe(201);
  const moved = await call('PUT', `/playlists/${id}/items`, { range_start: 2, insert_before: 0 });
  expect(moved.body.snapshot_id).not.toBe(add.body.snapshot_id);
  const removed = await call('DELETE', `/playlists/${id}/items`, {
    positions: [1],
    snapshot_id: moved.body.snapshot_id,
  });
  expect(removed.status).toBe(200);
  const items = await call('GET', `/playlists/${id}/items`);
  expect((items.body.items as { item: { uri: string } }[]).map((i) => i.item.uri)).toEqual([c, b]);
  const stale = await call('DELETE', `/playlists/${id}/items`, {
    positions: [0],
    snapshot_id: add.body.snapshot_id,
  });
  expect(stale.status).toBe(400);
});

test('a playlist created for another user or edited by a non-owner is forbidden', async () => {
  const { call } = await session();
  expect((await call('POST', '/users/casual-listener/playlists', { name: 'x' })).status).toBe(403);
  const { body } = await call('GET', '/browse/featured-playlists?limit=1');
  const spotifys = (body.playlists as { items: { id: string }[] }).items[0]?.id;
  expect((await call('PUT', `/playlists/${spotifys}`, { name: 'mine now' })).status).toBe(403);
  expect((await call('POST', '/me/playlists', {})).status).toBe(400);
});

test('an uploaded cover is served back as the playlist image', async () => {
  const { app, call, auth } = await session();
  const id = (await call('POST', '/me/playlists', { name: 'Covered' })).body.id as string;
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const upload = await app.request(`/v1/playlists/${id}/images`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'image/jpeg' },
    body: jpeg.toString('base64'),
  });
  expect(upload.status).toBe(202);
  const images = (await call('GET', `/playlists/${id}/images`)).body as unknown as { url: string }[];
  const image = await app.request(new URL(images[0]?.url ?? '').pathname);
  expect(Buffer.from(await image.arrayBuffer())).toEqual(jpeg);
  const notJpeg = await app.request(`/v1/playlists/${id}/images`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'image/jpeg' },
    body: Buffer.from('hello').toString('base64'),
  });
  expect(notJpeg.status).toBe(400);
});

test('saved items and follows are per listener and survive until reset', async () => {
  const { app, call } = await session();
  const [uri = ''] = await trackUris(call, 1);
  const id = uri.split(':')[2];
  await call('DELETE', `/me/tracks?ids=${id}`);
  expect((await call('GET', `/me/tracks/contains?ids=${id}`)).body).toEqual([false]);
  await call('PUT', '/me/tracks', { ids: [id] });
  expect((await call('GET', `/me/library/contains?uris=${uri}`)).body).toEqual([true]);
  const other = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId: 'new-listener' }),
  });
  const otherAuth = bearer(((await other.json()) as { access_token: string }).access_token);
  expect(await (await app.request(`/v1/me/tracks/contains?ids=${id}`, otherAuth)).json()).toEqual([false]);
  expect((await call('PUT', '/me/library?uris=spotify:track:0000000000000000000000')).status).toBe(400);
  expect((await call('PUT', `/me/library?uris=${Array(41).fill(uri).join(',')}`)).status).toBe(400);
});

test('following artists pages with a cursor', async () => {
  const { call } = await session();
  const first = await call('GET', '/me/following?type=artist&limit=4');
  const page = first.body.artists as {
    items: { id: string }[];
    next?: string;
    cursors: { after?: string };
    total: number;
  };
  expect(page.items).toHaveLength(4);
  expect(page.total).toBe(10);
  const next = await call('GET', `/me/following?type=artist&limit=4&after=${page.cursors.after}`);
  const second = next.body.artists as { items: { id: string }[] };
  expect(second.items[0]?.id).not.toBe(page.items[0]?.id);
  expect((await call('GET', '/me/following?type=user')).status).toBe(400);
});
