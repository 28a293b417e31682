import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { clipArtist, clipCalls, namesIn } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

// Sound clues tried as an attacker would (docs/decisions/035-sound-clues.md): plays that would make the
// server fetch a preview again and again, many at once, odd names, and ids that outlive their play.

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { CLIP_WAIT_MS: '8000' });
  });
  afterAll(() => s.close());

  const lookup = (name: string) => s.call('/api/clips', { json: { name } });
  const calls = () => clipCalls(s);

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

describe.each(DATABASES)('one id per play on %s', (kind) => {
  test('an id plays for half an hour, then names nothing; no request log line holds an id', async () => {
    let clock = Date.now();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const s = await startTestServer(kind, {}, { now: () => clock, logger: createLogger('info', sink) });
    try {
      const name = clipArtist('deezer').name;
      const { clip } = (await (await s.call('/api/clips', { json: { name } })).json()) as {
        clip: { id: string };
      };
      expect((await s.app.request(`/api/clips/${clip.id}`)).status).toBe(200);
      clock += 29 * 60_000;
      expect((await s.app.request(`/api/clips/${clip.id}`)).status).toBe(200);
      clock += 60_000 + 1;
      const ended = await s.app.request(`/api/clips/${clip.id}`);
      expect(ended.status).toBe(404);
      expect(await ended.json()).toEqual({ error: 'No such clip; ask for it again' });
      // A new lookup of the same artist plays again, by a new id.
      const next = (await (await s.call('/api/clips', { json: { name } })).json()) as {
        clip: { id: string };
      };
      expect(next.clip.id).not.toBe(clip.id);
      expect((await s.app.request(`/api/clips/${next.clip.id}`)).status).toBe(200);

      const requests = lines.filter((line) => line.includes('"msg":"request"'));
      expect(requests.length).toBeGreaterThanOrEqual(6);
      expect(requests.join('\n')).toContain('"path":"/api/clips/:id"');
      for (const id of [clip.id, next.clip.id]) expect(lines.join('\n')).not.toContain(id);
    } finally {
      await s.close();
    }
  });
});
