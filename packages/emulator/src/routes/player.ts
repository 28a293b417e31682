import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { currentlyPlaying, currentUri, deviceObject, playbackState, progressMs } from '../shapes/player.ts';
import { ApiError, asRecord, jsonBody, optionalInt } from '../validate.ts';
import {
  checkPlayable,
  contextItems,
  listenerState,
  noActiveDevice,
  restricted,
  skipNext,
  skipPrevious,
  startAt,
  targetDevice,
} from './player-control.ts';

export function playerRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.get('/me/player', (c) => {
    const body = playbackState(emu, originOf(c), listenerState(emu, c).player);
    return body ? c.json(body) : c.body(null, 204);
  });

  app.get('/me/player/currently-playing', (c) => {
    const body = currentlyPlaying(emu, originOf(c), listenerState(emu, c).player);
    return body ? c.json(body) : c.body(null, 204);
  });

  app.get('/me/player/devices', (c) => {
    const { player } = listenerState(emu, c);
    return c.json({ devices: player.devices.map((d) => deviceObject(player, d)) });
  });

  app.put('/me/player', async (c) => {
    const state = listenerState(emu, c);
    const body = await jsonBody(c);
    const ids = body.device_ids;
    if (!Array.isArray(ids) || ids.length !== 1 || typeof ids[0] !== 'string')
      throw new ApiError(400, 'device_ids must hold exactly one device id');
    const device = state.player.devices.find((d) => d.id === ids[0]);
    if (!device) throw new ApiError(404, 'Device not found');
    const position = progressMs(emu, state.player);
    state.player.activeDeviceId = device.id;
    if (body.play === true || state.player.isPlaying) startAt(emu, state, state.player.index, position);
    return c.body(null, 204);
  });

  app.put('/me/player/play', async (c) => {
    const state = listenerState(emu, c);
    const { player } = state;
    const body = await jsonBody(c);
    targetDevice(c, player);
    if (
      body.position_ms !== undefined &&
      !(Number.isInteger(body.position_ms) && Number(body.position_ms) >= 0)
    )
      throw new ApiError(400, 'Invalid position_ms');
    const position = typeof body.position_ms === 'number' ? body.position_ms : 0;
    if (body.context_uri !== undefined && body.uris !== undefined)
      throw new ApiError(400, 'Only one of context_uri and uris may be given');
    if (body.context_uri !== undefined || body.uris !== undefined) {
      const list =
        body.uris !== undefined
          ? (Array.isArray(body.uris) ? body.uris : [null]).map((u) => checkPlayable(emu, u))
          : contextItems(emu, String(body.context_uri));
      if (list.length === 0) throw restricted();
      const offset = asRecord(body.offset) ?? {};
      const index = typeof offset.uri === 'string' ? list.indexOf(offset.uri) : Number(offset.position ?? 0);
      if (!Number.isInteger(index) || index < 0 || index >= list.length)
        throw new ApiError(400, 'Invalid offset');
      player.list = list;
      player.contextUri = body.context_uri === undefined ? null : String(body.context_uri);
      player.index = index;
      startAt(emu, state, index, position);
      return c.body(null, 204);
    }
    if (!currentUri(player)) throw noActiveDevice();
    if (player.isPlaying && body.position_ms === undefined) throw restricted();
    startAt(emu, state, player.index, body.position_ms === undefined ? progressMs(emu, player) : position);
    return c.body(null, 204);
  });

  app.put('/me/player/pause', (c) => {
    const state = listenerState(emu, c);
    targetDevice(c, state.player);
    if (!state.player.isPlaying) throw restricted();
    state.player.positionMs = progressMs(emu, state.player);
    state.player.isPlaying = false;
    return c.body(null, 204);
  });

  app.post('/me/player/next', (c) => {
    const state = listenerState(emu, c);
    targetDevice(c, state.player);
    if (!currentUri(state.player)) throw noActiveDevice();
    skipNext(emu, state);
    return c.body(null, 204);
  });

  app.post('/me/player/previous', (c) => {
    const state = listenerState(emu, c);
    targetDevice(c, state.player);
    if (!currentUri(state.player)) throw noActiveDevice();
    skipPrevious(emu, state);
    return c.body(null, 204);
  });

  app.put('/me/player/seek', (c) => {
    const state = listenerState(emu, c);
    const position = optionalInt(c, 'position_ms', 0, 2 ** 31);
    if (position === undefined) throw new ApiError(400, 'Missing required parameter: position_ms');
    targetDevice(c, state.player);
    if (!currentUri(state.player)) throw noActiveDevice();
    startAt(emu, state, state.player.index, position, state.player.isPlaying);
    return c.body(null, 204);
  });

  app.put('/me/player/repeat', (c) => {
    const state = listenerState(emu, c);
    const value = c.req.query('state');
    if (value !== 'track' && value !== 'context' && value !== 'off')
      throw new ApiError(400, 'Illegal repeat mode');
    targetDevice(c, state.player);
    state.player.repeat = value;
    return c.body(null, 204);
  });

  app.put('/me/player/shuffle', (c) => {
    const state = listenerState(emu, c);
    const value = c.req.query('state');
    if (value !== 'true' && value !== 'false') throw new ApiError(400, 'Illegal shuffle state');
    targetDevice(c, state.player);
    state.player.shuffle = value === 'true';
    return c.body(null, 204);
  });

  app.put('/me/player/volume', (c) => {
    const state = listenerState(emu, c);
    const volume = optionalInt(c, 'volume_percent', 0, 100);
    if (volume === undefined) throw new ApiError(400, 'Missing required parameter: volume_percent');
    const device = targetDevice(c, state.player);
    if (!device.supportsVolume)
      throw new ApiError(
        403,
        'Player command failed: Cannot control device volume',
        'VOLUME_CONTROL_DISALLOW',
      );
    device.volume = volume;
    return c.body(null, 204);
  });

  app.post('/me/player/queue', (c) => {
    const state = listenerState(emu, c);
    const uri = checkPlayable(emu, c.req.query('uri'));
    targetDevice(c, state.player);
    state.player.queue.push(uri);
    return c.body(null, 204);
  });

  return app;
}
