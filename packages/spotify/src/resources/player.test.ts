import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findIds } from './catalogue.test-support.ts';
import {
  addToQueue,
  getAvailableDevices,
  getCurrentlyPlaying,
  getPlaybackState,
  getQueue,
  getRecentlyPlayedTracks,
  pausePlayback,
  seekToPosition,
  setPlaybackVolume,
  setRepeatMode,
  skipToNext,
  skipToPrevious,
  startPlayback,
  togglePlaybackShuffle,
  transferPlayback,
} from './player.ts';

async function playing() {
  const env = await setup();
  const { trackUris, albumId } = await findIds(env.client);
  const { devices } = await getAvailableDevices(env.client);
  expect(env.last()).toMatchObject({ method: 'GET', path: '/me/player/devices' });
  const deviceId = devices[0]?.id as string;
  expect(deviceId).toEqual(expect.any(String));
  return { ...env, deviceId, uris: trackUris.slice(0, 3), albumUri: `spotify:album:${albumId}` };
}

test('getPlaybackState and getCurrentlyPlaying resolve to undefined while nothing plays', async () => {
  const { client, last } = await setup('casual-listener');
  await expect(getPlaybackState(client)).resolves.toBeUndefined();
  expect(last()).toMatchObject({ method: 'GET', path: '/me/player' });
  await expect(getCurrentlyPlaying(client, { market: 'US' })).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/player/currently-playing',
    query: { market: 'US' },
  });
});

test('transferPlayback, startPlayback and pausePlayback drive the chosen device', async () => {
  const { client, last, deviceId, uris } = await playing();
  await expect(transferPlayback(client, [deviceId], false)).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/player',
    body: { device_ids: [deviceId], play: false },
  });
  await startPlayback(client, { uris, offset: { position: 1 }, position_ms: 1000 }, { device_id: deviceId });
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/player/play',
    query: { device_id: deviceId },
    body: { uris, offset: { position: 1 }, position_ms: 1000 },
  });
  const state = await getPlaybackState(client, { market: 'US' });
  expect(state).toMatchObject({ is_playing: true, device: { id: deviceId }, item: { uri: uris[1] } });
  await pausePlayback(client, { device_id: deviceId });
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/player/pause',
    query: { device_id: deviceId },
    body: undefined,
  });
  expect((await getPlaybackState(client))?.is_playing).toBe(false);
  await startPlayback(client);
  expect(last()).toMatchObject({ method: 'PUT', path: '/me/player/play', query: {}, body: {} });
  expect((await getCurrentlyPlaying(client))?.is_playing).toBe(true);
});

test('startPlayback with a context, then skipToNext and skipToPrevious move through it', async () => {
  const { client, last, deviceId, albumUri } = await playing();
  await transferPlayback(client, [deviceId]);
  await startPlayback(client, { context_uri: albumUri, offset: { position: 0 } });
  expect(last().body).toEqual({ context_uri: albumUri, offset: { position: 0 } });
  const first = (await getCurrentlyPlaying(client))?.item?.uri;
  await skipToNext(client);
  expect(last()).toMatchObject({ method: 'POST', path: '/me/player/next', query: {} });
  const second = (await getCurrentlyPlaying(client))?.item?.uri;
  expect(second).not.toBe(first);
  await skipToPrevious(client, { device_id: deviceId });
  expect(last()).toMatchObject({
    method: 'POST',
    path: '/me/player/previous',
    query: { device_id: deviceId },
  });
  expect((await getCurrentlyPlaying(client))?.item?.uri).toBe(first);
});

test('seekToPosition, setRepeatMode, setPlaybackVolume and togglePlaybackShuffle send their values in the query', async () => {
  const { client, last, deviceId, uris } = await playing();
  await startPlayback(client, { uris }, { device_id: deviceId });
  await seekToPosition(client, 5000, { device_id: deviceId });
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/player/seek',
    query: { position_ms: '5000', device_id: deviceId },
  });
  await setRepeatMode(client, 'context');
  expect(last()).toMatchObject({ method: 'PUT', path: '/me/player/repeat', query: { state: 'context' } });
  await setPlaybackVolume(client, 40);
  expect(last()).toMatchObject({ method: 'PUT', path: '/me/player/volume', query: { volume_percent: '40' } });
  await togglePlaybackShuffle(client, true);
  expect(last()).toMatchObject({ method: 'PUT', path: '/me/player/shuffle', query: { state: 'true' } });
  const state = await getPlaybackState(client);
  expect(state).toMatchObject({
    repeat_state: 'context',
    shuffle_state: true,
    device: { volume_percent: 40 },
  });
  expect(state?.progress_ms).toBeGreaterThanOrEqual(5000);
});

test('addToQueue posts the uri and getQueue lists it', async () => {
  const { client, last, deviceId, uris } = await playing();
  await startPlayback(client, { uris: [uris[0] as string] }, { device_id: deviceId });
  await expect(addToQueue(client, uris[2] as string, { device_id: deviceId })).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'POST',
    path: '/me/player/queue',
    query: { uri: uris[2], device_id: deviceId },
  });
  const queue = await getQueue(client);
  expect(last()).toMatchObject({ method: 'GET', path: '/me/player/queue' });
  expect(queue.currently_playing).toMatchObject({ uri: uris[0] });
  expect(queue.queue?.map((i) => i.uri)).toContain(uris[2]);
});

test('getRecentlyPlayedTracks reads cursor-paged history', async () => {
  const { client, last } = await setup();
  const page = await getRecentlyPlayedTracks(client, { limit: 5, before: Date.now() });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/player/recently-played', query: { limit: '5' } });
  expect(last().query.before).toMatch(/^\d+$/);
  expect(Array.isArray(page.items)).toBe(true);
});
