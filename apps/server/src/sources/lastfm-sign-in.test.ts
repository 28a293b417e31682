import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

const SITE = 'https://hr.example';

function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}
const cookieValue = (line: string | undefined) => line?.split(';')[0]?.split('=')[1] ?? '';

describe('Last.fm sign-in on https', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', {
      PUBLIC_ORIGIN: SITE,
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '10',
    });
  });
  afterAll(() => s.close());

  const sessionCalls = async () =>
    (
      (await (await s.emulator.request('/lastfm/_control/calls')).json()) as {
        calls: Record<string, number>;
      }
    ).calls['auth.getSession'] ?? 0;

  /** The attacker's own start: a pre-session cookie, and the callback Last.fm sends back after approval. */
  async function attackerFlow(account = 'demo-scrobbler') {
    const start = await s.app.request('/auth/lastfm/start');
    // Whatever state cookie the server sets: the attacker holds a valid one of their own.
    const cookie = cookieValue(
      setCookieLine(start, '__Host-hr_lastfm_state') ?? setCookieLine(start, 'hr_lastfm_state'),
    );
    const cb = new URL(start.headers.get('Location') ?? '').searchParams.get('cb') ?? '';
    const approve = await s.emulator.request('/lastfm/api/auth/', {
      method: 'POST',
      body: new URLSearchParams({ cb, name: account }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(approve.headers.get('Location') ?? '');
    return {
      cookie,
      callback: `${back.pathname}${back.search}`,
      state: back.searchParams.get('state') ?? '',
    };
  }
  const callback = (path: string, cookie: string, address = '198.51.100.30') =>
    s.app.request(path, { headers: { Cookie: cookie, 'X-Forwarded-For': address } });

  test('the state lives in a __Host- cookie: HttpOnly, Secure, SameSite=Lax, whole site, no Domain', async () => {
    const start = await s.app.request('/auth/lastfm/start');
    const line = setCookieLine(start, '__Host-hr_lastfm_state') ?? '';
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
    // The state in the link is not the cookie's value: knowing one does not give the other.
    const state = new URL(
      new URL(start.headers.get('Location') ?? '').searchParams.get('cb') ?? '',
    ).searchParams.get('state');
    expect(state).not.toBe(cookieValue(line));
    const { cookie, callback: path } = await attackerFlow();
    const done = await callback(path, `__Host-hr_lastfm_state=${cookie}`, '198.51.100.31');
    expect(done.headers.get('Location')).toBe('/connected?source=lastfm');
  });

  test("a planted cookie does not sign a victim into the attacker's Last.fm account", async () => {
    const { cookie, callback: path, state } = await attackerFlow();
    // A sibling site or a plain-http page can set a cookie without the prefix: it is not read.
    const planted = await callback(path, `hr_lastfm_state=${cookie}`);
    expect(planted.headers.get('Location')).toBe('/login?source=lastfm&error=state');
    expect(setCookieLine(planted, 'hr_session')).toBeUndefined();
    // Double submit with a value of the attacker's choosing: the state must be the server's keyed hash.
    const chosen = await s.app.request(`/auth/lastfm/callback?state=${state}&token=abc`, {
      headers: { Cookie: `__Host-hr_lastfm_state=${state}` },
    });
    expect(chosen.headers.get('Location')).toBe('/login?source=lastfm&error=state');
  });

  test('the callback is limited per address: sixty tries make at most ten signed Last.fm calls', async () => {
    const { cookie, state } = await attackerFlow();
    const before = await sessionCalls();
    const locations: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await callback(
        `/auth/lastfm/callback?state=${state}&token=made-up-${i}`,
        `__Host-hr_lastfm_state=${cookie}`,
        '2001:db8:5:6::1',
      );
      locations.push(res.headers.get('Location') ?? '');
    }
    expect((await sessionCalls()) - before).toBeLessThanOrEqual(10);
    expect(locations.slice(10)).toEqual(Array(50).fill('/login?source=lastfm&error=rate-limited'));
    // The next address of the same /64 gets nothing more.
    const next = await callback('/auth/lastfm/callback?state=x&token=y', '', '2001:db8:5:6::2');
    expect(next.headers.get('Location')).toBe('/login?source=lastfm&error=rate-limited');
  });
});

describe('Last.fm sign-in on plain http (demo mode)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(() => s.close());

  test('browsers take __Host- only with Secure: the bare name, without Secure', async () => {
    const start = await s.app.request('/auth/lastfm/start');
    expect(setCookieLine(start, '__Host-hr_lastfm_state')).toBeUndefined();
    const line = setCookieLine(start, 'hr_lastfm_state') ?? '';
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Secure/);
  });
});
