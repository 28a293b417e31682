import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { demoSources } from '@heavy-rotation/emulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sourceSession } from '../db/schema.ts';
import { cookieOf, lastfmSignIn as signInAt } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const LB_TOKEN = demoSources.listenbrainz[0]?.token ?? '';
const FRESH_TOKEN = demoSources.listenbrainz[1]?.token ?? '';
const SITE = 'http://127.0.0.1:8787';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let clock = Date.now();
  beforeAll(async () => {
    s = await startTestServer(kind, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '100' }, { now: () => clock });
  });
  afterAll(() => s.close());

  const control = (path: string, body?: unknown, method?: string) => s.control(path, body, method);
  const withSession = (session: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: `hr_session=${session}` },
  });

  /** Signs in through the local Last.fm as `name`; returns the session cookie's token. */
  async function lastfmSignIn(name: string): Promise<string> {
    const { start, done } = await signInAt(s, name);
    expect(start.status).toBe(302);
    const auth = new URL(start.headers.get('Location') ?? '');
    expect(auth.searchParams.get('api_key')).toBe(s.env.LASTFM_API_KEY);
    expect(done.headers.get('Location')).toBe('/connected?source=lastfm');
    const line = done.headers.getSetCookie().find((l) => l.startsWith('hr_session=')) ?? '';
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    return cookieOf(done, 'hr_session') ?? '';
  }

  test('Last.fm: sign in, the session names the listener, and 40 artists come once an hour', async () => {
    const session = await lastfmSignIn('demo-scrobbler');
    const me = await s.call('/api/source/session', withSession(session));
    expect(await me.json()).toEqual({
      source: 'lastfm',
      userId: 'lastfm:demo-scrobbler',
      displayName: 'Demo Scrobbler',
    });
    const before =
      (
        (await (await control('/lastfm/_control/calls', undefined, 'GET')).json()) as {
          calls: Record<string, number>;
        }
      ).calls['user.getTopArtists'] ?? 0;
    const first = await s.call('/api/source/top-artists', withSession(session));
    expect(first.status).toBe(200);
    const body = (await first.json()) as { artists: { id: string; name: string }[]; stale: boolean };
    expect(body.artists).toHaveLength(40);
    expect(body.artists[0]?.id).toMatch(/^lastfm:/);
    // The plays behind each rank: Last.fm's playcount of the last month, as plays of the last 4 weeks.
    expect(body.artists.slice(0, 2)).toMatchObject([
      { plays: { count: 400, period: 'last-4-weeks' } },
      { plays: { count: 393, period: 'last-4-weeks' } },
    ]);
    expect(body.stale).toBe(false);
    await Promise.all([1, 2, 3].map(() => s.call('/api/source/top-artists', withSession(session))));
    const after = (
      (await (await control('/lastfm/_control/calls', undefined, 'GET')).json()) as {
        calls: Record<string, number>;
      }
    ).calls['user.getTopArtists'];
    expect(after).toBe(before + 1);
  });

  test('Last.fm: cancelling and a forged state both come back to /login with a reason', async () => {
    const start = await s.app.request('/auth/lastfm/start');
    const cb = new URL(new URL(start.headers.get('Location') ?? '').searchParams.get('cb') ?? '');
    const state = cookieOf(start, 'hr_lastfm_state');
    const cancelled = await s.app.request(`${cb.pathname}${cb.search}`, {
      headers: { Cookie: `hr_lastfm_state=${state}` },
    });
    expect(cancelled.headers.get('Location')).toBe('/login?source=lastfm&error=cancelled');
    const forged = await s.app.request('/auth/lastfm/callback?state=other&token=abc', {
      headers: { Cookie: `hr_lastfm_state=${state}` },
    });
    expect(forged.headers.get('Location')).toBe('/login?source=lastfm&error=state');
  });

  test('Last.fm: a rate limit answers the saved list as stale, or 429 without one', async () => {
    const session = await lastfmSignIn('quiet-scrobbler');
    await control('/lastfm/_control/faults', { match: 'user.getTopArtists', error: 29 });
    const none = await s.call('/api/source/top-artists', withSession(session));
    expect(none.status).toBe(429);
    expect(await none.json()).toMatchObject({
      code: 'rate-limited',
      error: 'Last.fm needs a short break. Try again in a minute.',
    });
    expect((await s.call('/api/source/top-artists', withSession(session))).status).toBe(200);
    clock += 61 * 60_000;
    await control('/lastfm/_control/faults', { match: 'user.getTopArtists', error: 29 });
    const stale = (await (await s.call('/api/source/top-artists', withSession(session))).json()) as {
      stale: boolean;
      notice: string;
      artists: unknown[];
    };
    expect(stale.stale).toBe(true);
    expect(stale.notice).toMatch(/short break/);
    expect(stale.artists).toHaveLength(5);
  });

  test('Last.fm: a revoked session key ends the sign-in everywhere; errors 8/11/16 are retried', async () => {
    const session = await lastfmSignIn('demo-scrobbler');
    clock += 61 * 60_000;
    await control('/lastfm/_control/faults', { match: 'user.getTopArtists', error: 16, times: 2 });
    expect((await s.call('/api/source/top-artists', withSession(session))).status).toBe(200);
    clock += 61 * 60_000;
    await control('/lastfm/_control/revoke', { name: 'demo-scrobbler' });
    const refused = await s.call('/api/source/top-artists', withSession(session));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'signed-out' });
    expect((await s.call('/api/source/session', withSession(session))).status).toBe(401);
  });

  test('a source key is encrypted at rest: the database holds no trace of it, and another secret cannot open it', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const session = cookieOf(res, 'hr_session') ?? '';
    const dump = JSON.stringify(
      await s.database.db
        .select()
        .from(sourceSession)
        .where(eq(sourceSession.userId, 'listenbrainz:demo-brainz')),
    );
    expect(dump).not.toContain(LB_TOKEN);
    expect(dump).toMatch(/"sourceKey":"v2\.[\w-]+\.[\w-]+\.[\w-]+"/);
    expect((await s.call('/api/source/session', withSession(session))).status).toBe(200);
    // An instance with another secret cannot open the key: the sign-in ends, nothing leaks.
    const other = await startTestServer(
      kind,
      { SOURCE_KEY_SECRET: 'another-source-key-secret-0123456789' },
      { database: s.database },
    );
    expect((await other.call('/api/source/session', withSession(session))).status).toBe(401);
    // Rotating: the new secret first, the old one after it, opens both.
    const rotated = await startTestServer(
      kind,
      { SOURCE_KEY_SECRET: `another-source-key-secret-0123456789,${s.env.SOURCE_KEY_SECRET}` },
      { database: s.database },
    );
    expect((await rotated.call('/api/source/session', withSession(session))).status).toBe(200);
  });

  test('ListenBrainz: a pasted token signs in; this month falls back to the last month; no stats yet is told', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      source: 'listenbrainz',
      userId: 'listenbrainz:demo-brainz',
      displayName: 'demo-brainz',
    });
    const session = cookieOf(res, 'hr_session') ?? '';
    const top = (await (await s.call('/api/source/top-artists', withSession(session))).json()) as {
      artists: unknown[];
    };
    expect(top.artists).toHaveLength(40);
    // Its listen counts, worded by the range they are of: the last month's here.
    expect(top.artists[1]).toMatchObject({ plays: { count: 295, period: 'last-month' } });

    const fresh = await s.call('/auth/listenbrainz/session', { json: { token: FRESH_TOKEN } });
    const notReady = await s.call(
      '/api/source/top-artists',
      withSession(cookieOf(fresh, 'hr_session') ?? ''),
    );
    expect(notReady.status).toBe(409);
    expect(await notReady.json()).toEqual({
      code: 'not-ready',
      error: "ListenBrainz hasn't worked out your stats yet. Come back in a day.",
    });

    const wrong = await s.call('/auth/listenbrainz/session', { json: { token: 'not-a-token' } });
    expect(wrong.status).toBe(401);
    expect((await s.call('/auth/listenbrainz/session', { json: {} })).status).toBe(400);
  });

  test('the list goes out compressed to a phone that accepts it, the same as plain, and anew once fetched again', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const session = cookieOf(res, 'hr_session') ?? '';
    const ask = async (encoding?: string) => {
      const answer = await s.call(
        '/api/source/top-artists',
        withSession(session, encoding ? { headers: { 'Accept-Encoding': encoding } } : {}),
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(answer.headers.get('Vary')).toMatch(/Accept-Encoding/);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const coding = answer.headers.get('Content-Encoding');
      const text =
        coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
      return { coding, size: bytes.length, body: JSON.parse(text.toString()) as { fetchedAt: string } };
    };
    const plain = await ask();
    const br = await ask('gzip, deflate, br, zstd');
    const gzip = await ask('gzip;q=1, br;q=0');
    expect([plain.coding, br.coding, gzip.coding]).toEqual([null, 'br', 'gzip']);
    expect(br.body).toEqual(plain.body);
    expect(gzip.body).toEqual(plain.body);
    expect(br.size).toBeLessThan(plain.size / 3);
    // An hour on, the list is fetched again: the answer is the new one, not the bytes kept before.
    clock += 61 * 60_000;
    const later = await ask('br');
    expect(later.body.fetchedAt).not.toBe(br.body.fetchedAt);
    expect(new Date(later.body.fetchedAt).getTime()).toBe(clock);
  });

  test('ListenBrainz: a 429 without a saved list passes on its wait', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const session = cookieOf(res, 'hr_session') ?? '';
    clock += 61 * 60_000;
    await s.database.db.execute(`delete from source_top_artists where user_id = 'listenbrainz:demo-brainz'`);
    await control('/listenbrainz/_control/faults', { match: '/1/stats', status: 429, retryAfter: 42 });
    const limited = await s.call('/api/source/top-artists', withSession(session));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('42');
  });

  test('the session cookie cannot be used cross-site, and log out revokes it', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const session = cookieOf(res, 'hr_session') ?? '';
    const crossSite = await s.call(
      '/functions/v1/sms-subscribe',
      withSession(session, {
        method: 'POST',
        body: JSON.stringify({ spotifyUserId: 'listenbrainz:demo-brainz', phone: '(415) 555-2671' }),
        headers: {
          'Content-Type': 'application/json',
          Origin: 'https://evil.example',
          'Sec-Fetch-Site': 'cross-site',
        },
      }),
    );
    expect(crossSite.status).toBe(403);
    const sameSite = await s.call(
      '/functions/v1/generate-success-message',
      withSession(session, {
        method: 'POST',
        body: JSON.stringify({ artistNames: ['A'] }),
        headers: { 'Content-Type': 'application/json', Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
      }),
    );
    expect(sameSite.status).toBe(200);
    expect(
      (
        await s.call(
          '/api/source/logout',
          withSession(session, { method: 'POST', headers: { Origin: 'https://evil.example' } }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await s.call(
          '/api/source/logout',
          withSession(session, { method: 'POST', headers: { Origin: SITE } }),
        )
      ).status,
    ).toBe(204);
    expect((await s.call('/api/source/session', withSession(session))).status).toBe(401);
    expect((await s.call('/auth/v1/user', withSession(session))).status).toBe(401);
  });

  test("one listener can never read another's profile, of any source", async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const session = cookieOf(res, 'hr_session') ?? '';
    for (const id of ['demo-listener', 'lastfm:demo-scrobbler']) {
      const read = await s.call(
        `/rest/v1/user_profile?id=eq.${encodeURIComponent(id)}`,
        withSession(session),
      );
      expect(read.status).toBe(406);
    }
    const spotify = await s.call('/rest/v1/user_profile?id=eq.listenbrainz%3Ademo-brainz', {
      token: await s.token(),
    });
    expect(spotify.status).toBe(406);
  });

  test('a session token is replaced after a day; the old one works for a minute, then not', async () => {
    const res = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const old = cookieOf(res, 'hr_session') ?? '';
    clock += 25 * 3600_000;
    const rotated = await s.call('/api/source/session', withSession(old));
    const fresh = cookieOf(rotated, 'hr_session');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(old);
    expect((await s.call('/api/source/session', withSession(old))).status).toBe(200);
    clock += 2 * 60_000;
    expect((await s.call('/api/source/session', withSession(old))).status).toBe(401);
    expect((await s.call('/api/source/session', withSession(fresh ?? ''))).status).toBe(200);
  });
});
