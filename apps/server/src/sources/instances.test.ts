import { demoSources } from '@heavy-rotation/emulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sourceSession, userProfile } from '../db/schema.ts';
import { cookieOf } from '../test/calls.ts';
import { DATABASES, startTwoInstances, type TestServer } from '../test/harness.ts';

const LB_TOKEN = demoSources.listenbrainz[0]?.token ?? '';
const SITE = 'http://127.0.0.1:8787';

/**
 * Each instance keeps sessions, lists, rankings and profiles in memory until the database says they
 * changed (docs/decisions/036-caches-told-by-the-database.md). These are the changes a listener or an
 * operator makes on one instance, seen from the other one, which had the rows in memory.
 */
describe.each(DATABASES)('two instances on %s', (kind) => {
  let one: TestServer;
  let two: TestServer;
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  beforeAll(async () => {
    instances = await startTwoInstances(kind, { PUBLIC_ORIGIN: SITE });
    ({ one, two } = instances);
  });
  afterAll(() => instances.close());

  const withSession = (session: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: `hr_session=${session}`, Origin: SITE },
  });

  /** Signs in with ListenBrainz on `s`; the session cookie's token. */
  async function signIn(s: TestServer): Promise<string> {
    const res = await s.call('/auth/listenbrainz/session', {
      json: { token: LB_TOKEN },
      headers: { Origin: SITE },
    });
    expect(res.status).toBe(200);
    return cookieOf(res, 'hr_session') ?? '';
  }

  /**
   * The status `s` answers for `path`, asked again until it is `wanted` or 10 s have passed: the other
   * instance hears of a change when PostgreSQL delivers its notice, a moment after the commit.
   */
  const statusOf = (s: TestServer, path: string, init: RequestInit & { token?: string } = {}) =>
    expect.poll(async () => (await s.call(path, init)).status, { timeout: 10_000, interval: 50 });

  test('a sign-out on one instance ends the session on the other, which held it in memory', async () => {
    const session = await signIn(one);
    // The other instance reads the session and the list, and keeps both.
    for (const _ of [1, 2]) {
      const res = await two.call('/api/source/top-artists', withSession(session));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { artists: unknown[] }).artists).toHaveLength(40);
    }
    const out = await one.call('/api/source/logout', withSession(session, { method: 'POST' }));
    expect(out.status).toBe(204);
    // On the instance that signed out, at once.
    expect((await one.call('/api/source/session', withSession(session))).status).toBe(401);
    await statusOf(two, '/api/source/top-artists', withSession(session)).toBe(401);
    expect((await two.call('/api/source/session', withSession(session))).status).toBe(401);
  });

  test("an operator's erasure, straight in the database, ends the session on every instance", async () => {
    const session = await signIn(one);
    for (const s of [one, two])
      expect((await s.call('/api/source/session', withSession(session))).status).toBe(200);
    await one.database.db.delete(sourceSession).where(eq(sourceSession.userId, 'listenbrainz:demo-brainz'));
    for (const s of [one, two]) await statusOf(s, '/api/source/session', withSession(session)).toBe(401);
  });

  test('a profile written through one instance is read on the other, which had none in memory', async () => {
    const token = await two.token('casual-listener');
    const path = '/rest/v1/user_profile?id=eq.casual-listener&select=id,display_name';
    expect((await two.call(path, { token })).status).toBe(406);
    await one.database.db
      .insert(userProfile)
      .values({ id: 'casual-listener', displayName: 'Casual' })
      .onConflictDoUpdate({ target: userProfile.id, set: { displayName: 'Casual' } });
    await statusOf(two, path, { token }).toBe(200);
    expect(await (await two.call(path, { token })).json()).toEqual({
      id: 'casual-listener',
      display_name: 'Casual',
    });
    await one.database.db.delete(userProfile).where(eq(userProfile.id, 'casual-listener'));
    await statusOf(two, path, { token }).toBe(406);
  });
});
