import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clipArtist, clipCalls, namesIn } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { CLIP_MAX_BYTES } from './resolver.ts';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { CLIP_WAIT_MS: '8000' });
  });
  afterAll(() => s.close());

  const lookup = (name: string) => s.call('/api/clips', { json: { name } });
  const calls = () => clipCalls(s);

  test('a clip of an artist on Deezer: an opaque id, then audio that names nobody', async () => {
    const { name } = clipArtist('deezer');
    const res = await lookup(name);
    expect(res.status).toBe(200);
    const { clip } = (await res.clone().json()) as { clip: { id: string } };
    expect(clip.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await namesIn(res, name)).toEqual([]);

    // The <audio> element sends no apikey.
    const audio = await s.app.request(`/api/clips/${clip.id}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('content-disposition')).toBeNull();
    const copy = audio.clone();
    expect(await namesIn(audio, name)).toEqual([]);
    const bytes = new Uint8Array(await copy.arrayBuffer());
    // MPEG audio from the first byte (no ID3v2) to the last (no ID3v1 "TAG" trailer).
    expect([bytes[0], (bytes[1] ?? 0) & 0xe0]).toEqual([0xff, 0xe0]);
    expect(new TextDecoder('latin1').decode(bytes.subarray(-128, -125))).not.toBe('TAG');
    expect(Number(audio.headers.get('content-length'))).toBe(bytes.length);

    // The same artist again: from the cache, no call to Deezer, and an id of its own for this play.
    const before = await calls();
    const again = (await (await lookup(name.toUpperCase())).json()) as { clip: { id: string } };
    expect(again.clip.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again.clip.id).not.toBe(clip.id);
    expect((await calls()).deezer).toBe(before.deezer);
  });

  test('iTunes when Deezer has none; "no clip" when neither has, and that answer is kept', async () => {
    const itunes = (await (await lookup(clipArtist('itunes').name)).json()) as {
      clip: { id: string } | null;
    };
    expect(itunes.clip?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const audio = await s.app.request(`/api/clips/${itunes.clip?.id}`);
    expect(await namesIn(audio, clipArtist('itunes').name)).toEqual([]);

    const none = await lookup(clipArtist('none').name);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ clip: null });
    const before = await calls();
    expect(await (await lookup(clipArtist('none').name)).json()).toEqual({ clip: null });
    expect(await calls()).toEqual(before);
  });

  test('both services away: 503 with Retry-After, nothing kept; once they are back, a clip', async () => {
    const { name } = clipArtist('deezer', 1);
    await s.control('/artist-images/_control/faults', { service: 'deezer', times: 1 });
    await s.control('/clips/_control/faults', { service: 'itunes', status: 503, times: 1 });
    const away = await lookup(name);
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(await away.json()).toEqual({ error: 'Clips are not available right now; try again shortly' });
    const back = (await (await lookup(name)).json()) as { clip: { id: string } | null };
    expect(back.clip).not.toBeNull();

    // The preview file away: 502, asked again later.
    await s.control('/clips/_control/faults', { service: 'preview', status: 503, times: 1 });
    expect((await s.app.request(`/api/clips/${back.clip?.id}`)).status).toBe(502);
    expect((await s.app.request(`/api/clips/${back.clip?.id}`)).status).toBe(200);
  });

  test('bad input is a 400 with a message; an unknown id a 404; no apikey, no lookup', async () => {
    const empty = await s.call('/api/clips', { json: { name: ' ' } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/name/);
    expect((await s.call('/api/clips', { json: { name: 'x'.repeat(201) } })).status).toBe(400);
    expect((await s.call('/api/clips', { json: [] })).status).toBe(400);
    expect((await s.app.request('/api/clips/..%2F..%2Fetc')).status).toBe(400);
    expect((await s.app.request('/api/clips/https:%2F%2Fexample.com')).status).toBe(400);
    const unknown = await s.app.request(`/api/clips/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    const anonymous = await s.app.request('/api/clips', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: clipArtist('deezer').name }),
    });
    expect(anonymous.status).toBe(401);
  });

  // Tried as an attacker would (docs/decisions/035-sound-clues.md): plays that would make the server
  // fetch a preview again and again, many at once, and odd names.

  test('five plays of one clip, each by an id of its own, download the preview once', async () => {
    const { name } = clipArtist('deezer', 2);
    const before = await calls();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { clip } = (await (await lookup(name)).json()) as { clip: { id: string } };
      ids.add(clip.id);
      const audio = await s.app.request(`/api/clips/${clip.id}`);
      expect(audio.status).toBe(200);
      expect(await namesIn(audio, name)).toEqual([]);
    }
    // Five plays at once of a clip nobody fetched yet share one download too.
    const other = clipArtist('deezer', 3).name;
    const plays = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const { clip } = (await (await lookup(other)).json()) as { clip: { id: string } };
        ids.add(clip.id);
        return (await s.app.request(`/api/clips/${clip.id}`)).status;
      }),
    );
    expect(plays).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(10);
    expect(((await calls()).previews ?? 0) - (before.previews ?? 0)).toBe(2);
  });

  test('downloads in flight are capped: past four at once, a clear 503 with Retry-After', async () => {
    const names = [4, 5, 6, 7, 8, 9].map((i) => clipArtist('deezer', i).name);
    const ids = [];
    for (const name of names) {
      ids.push(((await (await lookup(name)).json()) as { clip: { id: string } }).clip.id);
    }
    // Every preview takes a second to come: six plays of six clips at once.
    await s.control('/clips/_control/faults', { service: 'preview', delayMs: 1000, times: 6 });
    const answers = await Promise.all(ids.map((id) => s.app.request(`/api/clips/${id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 503, 503]);
    const busy = answers.find((a) => a.status === 503);
    expect(busy?.headers.get('retry-after')).toBe('5');
    expect(await busy?.json()).toEqual({ error: 'Clips are busy right now; try again shortly' });
    // Once the downloads are done, the refused plays play.
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 503) expect((await s.app.request(`/api/clips/${ids[i]}`)).status).toBe(200);
    }
  });

  test('a lone surrogate in a name is a 400 with a reason, not a 500', async () => {
    for (const body of ['{"name":"\\ud800"}', '{"name":"Bey\\udc00oncé"}']) {
      const res = await s.call('/api/clips', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'name: must be text (a lone surrogate is not)' });
    }
  });
});

describe.each(DATABASES)('pace and budget on %s', (kind) => {
  test("iTunes' pace holds across instances: a turn past the wait is refused, not queued", async () => {
    const a = await startTestServer(kind, { CLIP_WAIT_MS: '500' });
    const b = await startTestServer(kind, { CLIP_WAIT_MS: '500' }, { database: a.database });
    try {
      const [first, second] = [clipArtist('itunes', 0), clipArtist('itunes', 1)];
      expect((await a.call('/api/clips', { json: { name: first.name } })).status).toBe(200);
      // Another instance, at once: iTunes' next turn is 3.1 s away, past this lookup's 0.5 s.
      expect((await b.call('/api/clips', { json: { name: second.name } })).status).toBe(503);
      expect((await a.call('/api/clips', { json: { name: second.name } })).status).toBe(503);
      const itunesCalls = async (s: TestServer) =>
        ((await (await s.emulator.request('/clips/_control/calls')).json()) as { itunes: number }).itunes;
      expect((await itunesCalls(a)) + (await itunesCalls(b))).toBe(1);
    } finally {
      await a.close();
    }
  });

  test('a preview past CLIP_MAX_BYTES is refused, not sent', async () => {
    const s = await startTestServer(kind);
    try {
      await s.control('/clips/_control/faults', { service: 'preview', padTo: CLIP_MAX_BYTES + 1 });
      const name = clipArtist('deezer').name;
      const { clip } = (await (await s.call('/api/clips', { json: { name } })).json()) as {
        clip: { id: string };
      };
      const res = await s.app.request(`/api/clips/${clip.id}`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'The clip could not be fetched; try again shortly' });
    } finally {
      await s.close();
    }
  });

  test('each address has a budget of lookups and plays', async () => {
    const s = await startTestServer(kind, { RATE_LIMIT_CLIPS_PER_HOUR: '2' });
    try {
      const name = clipArtist('deezer').name;
      const { clip } = (await (await s.call('/api/clips', { json: { name } })).json()) as {
        clip: { id: string };
      };
      expect((await s.app.request(`/api/clips/${clip.id}`)).status).toBe(200);
      const over = await s.app.request(`/api/clips/${clip.id}`);
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).not.toBeNull();
    } finally {
      await s.close();
    }
  });
});
