import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as admin from '@heavy-rotation/contracts/admin';
import * as replies from '@heavy-rotation/contracts/replies';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { analyticsEvent, challenge } from '../db/schema.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';
const DAY = 86_400_000;

interface Artist {
  id: string;
  name: string;
  image: string | null;
}

describe.each(DATABASES)('challenge links on %s', (kind) => {
  let a: TestServer;
  let b: TestServer;
  let clock = Date.now();
  let list: Artist[] = [];
  /** Every body a friend's calls received, for the leak scan. */
  const seen: string[] = [];

  let dist = '';

  beforeAll(async () => {
    // The web app's own page head, as the build keeps it.
    dist = await mkdtemp(join(tmpdir(), 'hr-challenge-'));
    await copyFile(new URL('../../../web/index.html', import.meta.url), join(dist, 'index.html'));
    const vars = { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE, WEB_DIST: dist, TRUST_PROXY: '1' };
    a = await startTestServer(kind, vars, { now: () => clock });
    // A second instance on the same database, as behind a load balancer.
    b = await startTestServer(kind, vars, {
      now: () => clock,
      database: a.database,
      // The same provider: a listener signed in once is known to both.
      providerFetch: async (input, init) => a.emulator.fetch(new Request(input, init)),
    });
    const token = await a.token();
    // As the web app reads it from the provider: its pictures on the provider's configured origin.
    const top = (await (
      await a.emulator.fetch(
        new Request(`${a.env.SPOTIFY_API_URL}/me/top/artists?limit=40&time_range=short_term`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      )
    ).json()) as { items: { id: string; name: string; images: { url: string }[] }[] };
    list = top.items.map((x) => ({ id: x.id, name: x.name, image: x.images[0]?.url ?? null }));
  });
  afterAll(async () => {
    await a.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** A friend's call: what it answers goes into the scan. */
  async function friend(server: TestServer, path: string, init: RequestInit & { json?: unknown } = {}) {
    const res = await server.call(path, init);
    const text = await res.clone().text();
    seen.push(text);
    return res;
  }
  const create = (server: TestServer, json: unknown, init: RequestInit & { token?: string } = {}) =>
    server.call('/api/challenges', { ...init, json });
  const GAME = 'p'.repeat(22);
  const guess = (server: TestServer, id: string, text: string, playId = GAME) =>
    friend(server, `/api/challenges/${id}/guesses`, { json: { guess: text, playId } });
  /** The operator's console sign-in cookie: ADMIN_TOKEN makes the first operator once. */
  let operatorCookie: string | undefined;
  async function operator(): Promise<string> {
    if (operatorCookie !== undefined) return operatorCookie;
    const signIn = await a.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
    });
    operatorCookie = /^hr_admin=([^;]+)/.exec(signIn.headers.getSetCookie().join('\n'))?.[1] ?? '';
    return operatorCookie;
  }
  const lockedOnly = () => list.filter((_, i) => ![3, 4, 5].includes(i));

  test('a link made on one instance plays on the other: open ranks, judged guesses, a score, the results', async () => {
    const made = await create(a, { name: 'Sam', artists: list });
    expect(made.status).toBe(201);
    const { id, key } = await read(made, replies.challengeCreated);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const view = await read(await friend(b, `/api/challenges/${id}`), replies.challengeView);
    expect(view).toMatchObject({ id, name: 'Sam', size: 40 });
    expect(view.open.map((x) => x.rank)).toEqual([4, 5, 6]);
    expect(view.open.map((x) => x.name)).toEqual(list.slice(3, 6).map((x) => x.name));

    // Right, right with a typo, and wrong.
    const first = list[0] as Artist;
    const exact = await read(await guess(b, id, first.name.toUpperCase()), replies.challengeGuessReply);
    expect(exact.match).toMatchObject({ rank: 1, name: first.name, image: first.image });
    expect(exact.match?.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const long = list.find((x, i) => i > 5 && x.name.replace(/\W/g, '').length >= 9) as Artist;
    const typo = `${long.name.slice(0, 2)}${long.name[3]}${long.name[2]}${long.name.slice(4)}`;
    const typoAnswer = await read(await guess(a, id, typo), replies.challengeGuessReply);
    expect(typoAnswer.match?.name).toBe(long.name);
    const miss = await read(await guess(b, id, 'Nobody On This List At All'), replies.challengeGuessReply);
    expect(miss.match).toBeNull();

    // An open rank guessed is named, and counts for nothing.
    const open = await read(await guess(a, id, (list[4] as Artist).name), replies.challengeGuessReply);
    expect(open.match?.rank).toBe(5);

    // The friend's result: the server counts the game's right guesses; saving again keeps one game.
    const play = `/api/challenges/${id}/plays/${GAME}`;
    const scored = await friend(a, play, { method: 'PUT', json: {} });
    expect(await read(scored, replies.challengePlayReply)).toEqual({ score: 2, size: 40 });
    await friend(b, play, { method: 'PUT', json: { name: 'Robin' } });
    await friend(b, `/api/challenges/${id}/plays/${'q'.repeat(22)}`, { method: 'PUT', json: {} });

    const results = await b.call(`/api/challenges/${id}/results`, { headers: { 'X-Challenge-Key': key } });
    expect(await read(results, replies.challengeResults)).toMatchObject({
      played: 2,
      best: 2,
      size: 40,
      scores: [
        { name: 'Robin', score: 2 },
        { name: null, score: 0 },
      ],
    });
    // Without the key, or with another, nobody sees the results or stops the link.
    expect((await friend(a, `/api/challenges/${id}/results`)).status).toBe(403);
    const wrongKey = { 'X-Challenge-Key': 'A'.repeat(22) };
    expect((await friend(a, `/api/challenges/${id}`, { method: 'DELETE', headers: wrongKey })).status).toBe(
      403,
    );

    // The page for link previews names the listener and no artist.
    const page = await friend(b, `/c/${id}`);
    const html = await page.text();
    expect(html).toContain('<title>Can you guess Sam&#39;s top 40?</title>');
    expect(html).toContain(`content="${SITE}/challenge-image.jpg"`);
    expect(html).toContain('name="robots" content="noindex"');

    // Stop sharing, on the other instance: the link has ended everywhere, with its results.
    const stop = await a.call(`/api/challenges/${id}`, {
      method: 'DELETE',
      headers: { 'X-Challenge-Key': key },
    });
    expect(stop.status).toBe(200);
    const gone = await friend(b, `/api/challenges/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'This challenge has ended' });
    expect((await guess(a, id, first.name)).status).toBe(404);
    expect(await (await friend(a, `/c/${id}`)).text()).toContain('<title>This challenge has ended</title>');
  });

  test('no locked name, image or id is in anything a friend received', async () => {
    // Made by the test above: the friend's bodies, minus the answers to their own right guesses.
    expect(seen.length).toBeGreaterThan(10);
    const guessed = new Set([list[0]?.id]);
    const guessedText = seen.filter((body) => !body.includes('"match":{'));
    const leaks = lockedOnly()
      .filter((x) => !guessed.has(x.id))
      .flatMap((x) => [x.name, x.id, x.image ?? x.id])
      .filter((needle) =>
        guessedText.some((body) => body.includes(needle) || body.includes(JSON.stringify(needle))),
      );
    expect(leaks).toEqual([]);
  });

  test('a link ends after 30 days, and the page says so', async () => {
    const { id } = await read(await create(a, { artists: list.slice(0, 12) }), replies.challengeCreated);
    const page = await (await a.call(`/c/${id}`)).text();
    expect(page).toContain('<title>Can you guess a friend&#39;s top 12?</title>');
    clock += 30 * DAY + 1000;
    try {
      const ended = await a.call(`/api/challenges/${id}`);
      expect(ended.status).toBe(410);
      expect(await ended.json()).toEqual({ error: 'This challenge has ended' });
      const endedPage = await b.call(`/c/${id}`);
      expect(endedPage.status).toBe(404);
      expect(await endedPage.text()).toContain('This challenge has ended');
    } finally {
      clock -= 30 * DAY + 1000;
    }
  });

  test('a signed-in listener holds at most five live links, and erasure deletes them', async () => {
    const token = await a.token('casual-listener');
    const small = list.slice(0, 8);
    const headers = { 'X-Forwarded-For': '198.51.100.7' };
    for (let i = 0; i < 5; i++)
      expect((await create(i % 2 ? a : b, { artists: small }, { token, headers })).status).toBe(201);
    const sixth = await create(a, { artists: small }, { token, headers });
    expect(sixth.status).toBe(409);
    expect((await sixth.json()) as unknown).toEqual({
      error: 'You have 5 live challenge links: stop sharing one to make another',
    });
    // Only a keyed hash of the listener is stored, never their id.
    const rows = await a.database.db.select().from(challenge);
    expect(JSON.stringify(rows)).not.toContain('casual-listener');

    const cookie = await operator();
    const erase = await b.app.request('/api/admin/subscribers/casual-listener', {
      method: 'DELETE',
      headers: { Cookie: `hr_admin=${cookie}`, Origin: SITE },
    });
    expect(erase.status).toBe(200);
    expect((await create(a, { artists: small }, { token, headers })).status).toBe(201);
  });

  test('bad input is refused with a reason, and guesses are limited per address and link', async () => {
    expect((await a.call('/api/challenges/not-an-id')).status).toBe(400);
    const noArtists = await create(a, { artists: [] });
    expect(noArtists.status).toBe(400);
    const badImage = await create(a, { artists: [{ id: 'x', name: 'X', image: 'javascript:alert(1)' }] });
    expect(((await badImage.json()) as { error: string }).error).toMatch(/artists\.0\.image/);
    const { id } = await read(await create(b, { artists: list.slice(0, 10) }), replies.challengeCreated);
    const playId = 'g'.repeat(22);
    expect((await a.call(`/api/challenges/${id}/guesses`, { json: { guess: '', playId } })).status).toBe(400);
    const long = await a.call(`/api/challenges/${id}/guesses`, { json: { guess: 'x'.repeat(201), playId } });
    expect(long.status).toBe(400);
    const noGame = await a.call(`/api/challenges/${id}/guesses`, { json: { guess: 'x' } });
    expect(await noGame.json()).toEqual({
      error: 'playId: Invalid input: expected string, received undefined',
    });
    const spoofed = { headers: { 'X-Forwarded-For': '203.0.113.9' } };
    // Links made from one address: ten an hour.
    const made = [];
    for (let i = 0; i < 11; i++) made.push((await create(a, { artists: list.slice(0, 3) }, spoofed)).status);
    expect(made).toEqual([...Array(10).fill(201), 429]);
    let status = 200;
    for (let i = 0; i < 205 && status === 200; i++) {
      const json = { guess: `guess ${i}`, playId };
      status = (await a.call(`/api/challenges/${id}/guesses`, { ...spoofed, json })).status;
    }
    expect(status).toBe(429);
  });

  test("a page view of a link reaches the stats without the link's id", async () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    const sent = await a.call('/api/events', { json: { name: 'page_view', path: `/c/${id}` } });
    expect(sent.status).toBe(204);
    await a.events.flush();
    const rows = await a.database.db.select().from(analyticsEvent);
    expect(rows.map((r) => r.path)).toContain('/c');
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  test("the console's stats count links made, opened, guessed and finished", async () => {
    await Promise.all([a.events.flush(), b.events.flush()]);
    const res = await b.app.request('/api/admin/stats?days=7', {
      headers: { Cookie: `hr_admin=${await operator()}` },
    });
    const { series } = z.parse(admin.statsReply, await res.json());
    const total = (name: string) => (series[name] ?? []).reduce((n, x) => n + x, 0);
    expect(total('challenge_created')).toBeGreaterThanOrEqual(8);
    expect(total('challenge_opened')).toBeGreaterThanOrEqual(1);
    expect(total('challenge_guess:right')).toBeGreaterThanOrEqual(2);
    expect(total('challenge_guess:wrong')).toBeGreaterThanOrEqual(1);
    expect(total('challenge_finished')).toBe(2);
  });
});
