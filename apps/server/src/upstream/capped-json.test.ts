import type { AddressInfo } from 'node:net';
import { clipHome, demoData, demoSources, imageHome } from '@heavy-rotation/emulator';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { JSON_REPLY_MAX_BYTES } from './capped-json.ts';

// A hostile or broken upstream answers with gzip that unpacks to 256 MiB (docs/decisions/020-abuse-limits.md,
// "Replies from outside services"). The emulator is reached over HTTP, as the real services are, so
// `fetch` undoes the gzip as the server reads: only a reader that stops at its cap stays small. Nothing
// here is about the database: the embedded one is enough.

const BOMB = 256 * 1024 * 1024;
/** What reading a reply may add to the process, at its peak: the cap is 2 MB, the bomb 256 MiB. */
const MEMORY_ALLOWED = 64 * 1024 * 1024;

/** Memory the process's objects and buffers hold now (what is freed counts no more, unlike RSS). */
const inUse = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** The work's result, and how far the memory in use rose above its start while it ran. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; grew: number }> {
  const start = inUse();
  let peak = start;
  const sample = setInterval(() => {
    peak = Math.max(peak, inUse());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, inUse());
    return { result, grew: peak - start };
  } finally {
    clearInterval(sample);
  }
}

/** The most the server read of any one reply since the last reset: the bytes `fetch` handed it, decoded. */
let largestRead = 0;
/** The real `fetch`, with the bytes of each reply counted as the server reads them. */
const countingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.body) return res;
  let read = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      largestRead = Math.max(largestRead, read);
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = res;
  return new Response(res.body.pipeThrough(counted), { status, statusText, headers });
};
/** Reading stops at the cap: what was read is the cap and the chunk that crossed it, give or take. */
const READ_ALLOWED = JSON_REPLY_MAX_BYTES + 1024 * 1024;

describe('a gzip bomb from an upstream', () => {
  let s: TestServer;
  let base = '';
  let close: () => void = () => undefined;
  const control = (path: string, body: unknown) =>
    s.emulator.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    // The test server's own emulator, listening on a port of its own.
    let target: TestServer | undefined;
    const listening = serve({
      fetch: (req) => (target ? target.emulator.fetch(req) : new Response('not yet', { status: 503 })),
      hostname: '127.0.0.1',
      port: 0,
    });
    await new Promise((resolve) => listening.once('listening', resolve));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
    s = await startTestServer(
      'pglite',
      {
        EMULATOR_URL: base,
        CLIP_WAIT_MS: '8000',
      },
      { sourceFetch: countingFetch },
    );
    target = s;
    // The emulator makes its bomb's member once: made here, it is not counted against the server.
    await control('/listenbrainz/_control/faults', { match: '/1/warm', gzipBomb: 1 });
    await (await fetch(`${base}/listenbrainz/1/warm`)).arrayBuffer();
  });
  beforeEach(() => {
    largestRead = 0;
  });
  afterAll(async () => {
    close();
    await s.close();
  });

  test('ListenBrainz: the token check stops reading at the cap and says why', async () => {
    await control('/listenbrainz/_control/faults', { match: '/1/validate-token', gzipBomb: BOMB });
    const token = demoSources.listenbrainz[0]?.token ?? '';
    const { result, grew } = await measured(() => s.call('/auth/listenbrainz/session', { json: { token } }));
    expect(result.status).toBe(502);
    expect(await result.json()).toEqual({
      error: 'ListenBrainz sent an answer too large to read.',
      code: 'failed',
    });
    expect(largestRead).toBeLessThan(READ_ALLOWED);
    expect(grew).toBeLessThan(MEMORY_ALLOWED);
  });

  test('Last.fm: the sign-in stops reading at the cap, asks once, and comes back with its reason', async () => {
    await control('/lastfm/_control/faults', { match: 'auth.getSession', gzipBomb: BOMB });
    const start = await s.app.request('/auth/lastfm/start');
    const cookie = (start.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const cb = new URL(start.headers.get('Location') ?? '').searchParams.get('cb') ?? '';
    const approve = await s.emulator.request('/lastfm/api/auth/', {
      method: 'POST',
      body: new URLSearchParams({ cb, name: 'demo-scrobbler' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(approve.headers.get('Location') ?? '');
    const { result, grew } = await measured(async () =>
      s.app.request(`${back.pathname}${back.search}`, { headers: { Cookie: cookie } }),
    );
    expect(result.headers.get('Location')).toBe('/login?source=lastfm&error=failed');
    expect(largestRead).toBeLessThan(READ_ALLOWED);
    expect(grew).toBeLessThan(MEMORY_ALLOWED);
    const calls = (await (await s.emulator.request('/lastfm/_control/calls')).json()) as {
      calls: Record<string, number>;
    };
    expect(calls.calls['auth.getSession']).toBe(1);
  });

  test('artist images: "ask again later", with nothing read past the cap', async () => {
    const artist = demoData.artists.find((a) => imageHome(a.name) === 'deezer');
    if (!artist) throw new Error('demo data lacks a case');
    await control('/artist-images/_control/faults', { service: 'deezer', gzipBomb: BOMB });
    await control('/artist-images/_control/faults', { service: 'musicbrainz', gzipBomb: BOMB });
    const { result, grew } = await measured(() =>
      s.call('/api/artist-images', { json: { artists: [{ name: artist.name }] } }),
    );
    expect(result.status).toBe(200);
    expect(await result.json()).toEqual({ images: [{ name: artist.name, image: null, final: false }] });
    expect(largestRead).toBeLessThan(READ_ALLOWED);
    expect(grew).toBeLessThan(MEMORY_ALLOWED);
  });

  test('sound clues: 503 "try again shortly", with nothing read past the cap', async () => {
    const artist = demoData.artists.find((a) => clipHome(a.name) === 'deezer');
    if (!artist) throw new Error('demo data lacks a case');
    await control('/clips/_control/faults', { service: 'deezer', gzipBomb: BOMB });
    await control('/clips/_control/faults', { service: 'itunes', gzipBomb: BOMB });
    const { result, grew } = await measured(() => s.call('/api/clips', { json: { name: artist.name } }));
    expect(result.status).toBe(503);
    expect(largestRead).toBeLessThan(READ_ALLOWED);
    expect(grew).toBeLessThan(MEMORY_ALLOWED);
  });
});
