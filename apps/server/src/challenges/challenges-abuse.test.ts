import { Writable } from 'node:stream';
import * as replies from '@heavy-rotation/contracts/replies';
import { demoData } from '@heavy-rotation/emulator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { challenge } from '../db/schema.ts';
import { createLogger } from '../http/logger.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

// Challenge links tried as an attacker would (docs/decisions/020-abuse-limits.md, "Challenge links"): a
// maker who plants pictures, a friend who sends ids instead of guesses, many addresses on one link.

const names = demoData.artists.slice(0, 40).map((a) => a.name);
const GAME = 'g'.repeat(22);

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    s = await startTestServer(kind, { TRUST_PROXY: '1' }, { logger: createLogger('info', sink) });
  });
  afterAll(() => s.close());

  const make = async (artists: { id?: string; name: string; image?: string | null }[], from: string) => {
    const headers = { 'X-Forwarded-For': from };
    const made = await s.call('/api/challenges', { json: { name: 'Sam', artists }, headers });
    expect(made.status).toBe(201);
    return (await read(made, replies.challengeCreated)).id;
  };
  const guess = (id: string, text: string, from: string, playId = GAME) =>
    s.call(`/api/challenges/${id}/guesses`, {
      json: { guess: text, playId },
      headers: { 'X-Forwarded-For': from },
    });

  test("a link's pictures are only those the product resolved: anything else is dropped when it is made", async () => {
    const emulator = new URL(s.env.SPOTIFY_API_URL).origin;
    const pictures = [
      'https://tracker.example/pixel.gif?who=friend',
      'https://i.scdn.co.tracker.example/image/ab67',
      'http://i.scdn.co/image/ab67',
      'https://i.scdn.co:8443/image/ab67',
      'https://tracker.example/?u=https://i.scdn.co/image/ab67',
      'https://i.scdn.co/image/ab6761610000e5eb',
      'https://e-cdns-images.dzcdn.net/images/artist/5a1b/500x500-000000-80-0-0.jpg',
      'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.jpg/480px-X.jpg',
      `${emulator}/images/artist/abc/640.png`,
    ];
    const artists = names.slice(0, pictures.length).map((name, i) => ({ name, image: pictures[i] }));
    const id = await make(artists, '198.51.100.20');
    const [row] = await s.database.db.select().from(challenge);
    expect(JSON.stringify(row?.artists)).not.toContain('tracker.example');
    // Every rank as a friend sees it: the open ones in the view, the others as guesses answer them.
    const seen = new Map<number, string | null>();
    const view = await read(s.call(`/api/challenges/${id}`), replies.challengeView);
    for (const open of view.open) seen.set(open.rank, open.image);
    for (const name of names.slice(0, pictures.length)) {
      const { match } = await read(guess(id, name, '198.51.100.20'), replies.challengeGuessReply);
      if (match) seen.set(match.rank, match.image);
    }
    expect([...seen.entries()].sort(([x], [y]) => x - y).map(([, image]) => image)).toEqual([
      null,
      null,
      null,
      null,
      null,
      ...pictures.slice(5),
    ]);
  });

  test("a friend's score counts only what the server judged; no id a friend sees names an artist", async () => {
    // A maker's ids that carry the names, as a source's do.
    const id = await make(
      names.map((name) => ({ id: `lastfm:${name.toLowerCase()}`, name })),
      '198.51.100.21',
    );
    const from = '198.51.100.22';
    const seenIds: string[] = [];
    const view = await read(s.call(`/api/challenges/${id}`), replies.challengeView);
    seenIds.push(...view.open.map((a) => a.id));
    const right = await read(guess(id, names[0] ?? '', from), replies.challengeGuessReply);
    seenIds.push(right.match?.id ?? '');
    for (const seenId of seenIds) {
      expect(seenId).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(seenId).not.toContain('lastfm');
      for (const name of names) expect(seenId.toLowerCase()).not.toContain(name.toLowerCase());
    }
    // Fifty names sent as "found" ids, with no guess behind them: nothing counts.
    const found = names.map((name) => `lastfm:${name.toLowerCase()}`).concat(seenIds);
    const cheat = await s.call(`/api/challenges/${id}/plays/${'c'.repeat(22)}`, {
      method: 'PUT',
      json: { found },
      headers: { 'X-Forwarded-For': from },
    });
    expect(await read(cheat, replies.challengePlayReply)).toEqual({ score: 0, size: 40 });
    // The game that guessed rank 1 by name scores one.
    const honest = await s.call(`/api/challenges/${id}/plays/${GAME}`, {
      method: 'PUT',
      json: { found },
      headers: { 'X-Forwarded-For': from },
    });
    expect(await read(honest, replies.challengePlayReply)).toEqual({ score: 1, size: 40 });
  });

  test('guesses are budgeted per link as well as per address: more addresses test no more names', async () => {
    const id = await make(
      names.map((name) => ({ name })),
      '198.51.100.23',
    );
    // Ten addresses spend their 200 each: 2,000 guesses, the link's hour.
    for (let address = 0; address < 10; address++) {
      for (let batch = 0; batch < 10; batch++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            guess(id, `made-up ${address} ${batch} ${i}`, `203.0.113.${address + 1}`).then((r) => r.status),
          ),
        );
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
    }
    // An eleventh address, with its own budget untouched, is refused on this link...
    const refused = await guess(id, names[0] ?? '', '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // ...and guesses on another link from it are answered.
    const other = await make([{ name: names[0] ?? '' }], '198.51.100.24');
    expect((await guess(other, names[0] ?? '', '203.0.113.99')).status).toBe(200);
  }, 120_000);

  test('one address starts ten games an hour on a link; saving a game again costs a guess, not a game', async () => {
    const id = await make(
      names.map((name) => ({ name })),
      '198.51.100.26',
    );
    const from = '198.51.100.27';
    const game = (i: number) => String(i).padStart(22, 'n');
    for (let i = 0; i < 10; i++) expect((await guess(id, names[0] ?? '', from, game(i))).status).toBe(200);
    // An eleventh game from the address: its first right guess is refused.
    expect((await guess(id, names[0] ?? '', from, game(10))).status).toBe(429);
    // The games it has go on: another right guess, a save, the name added.
    expect((await guess(id, names[1] ?? '', from, game(0))).status).toBe(200);
    const save = (json: unknown) =>
      s.call(`/api/challenges/${id}/plays/${game(0)}`, {
        method: 'PUT',
        json,
        headers: { 'X-Forwarded-For': from },
      });
    expect(await read(save({}), replies.challengePlayReply)).toEqual({ score: 2, size: 40 });
    expect(await read(save({ name: 'Robin' }), replies.challengePlayReply)).toEqual({ score: 2, size: 40 });
  });

  test('a lone surrogate in a link is a 400 with a reason', async () => {
    const res = await s.call('/api/challenges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.25' },
      body: '{"artists":[{"name":"Bey\\udc00nce"}]}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'artists.0.name: must be plain text' });
  });

  test("no request log line holds a link's id", async () => {
    const logged = lines.filter((line) => line.includes('"msg":"request"')).join('\n');
    expect(logged).toContain('"path":"/api/challenges/:id/guesses"');
    const ids = (await s.database.db.select({ id: challenge.id }).from(challenge)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(lines.join('\n')).not.toContain(id);
  });
});
