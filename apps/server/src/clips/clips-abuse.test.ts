import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { clipArtist } from '../test/calls.ts';
import { DATABASES, startTestServer } from '../test/harness.ts';

// Sound clue ids tried as an attacker would (docs/decisions/035-sound-clues.md): an id that outlives its
// play, and ids in the request log. Plays fetched again and again are in clips.test.ts.

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
