import { createEmulator } from '@heavy-rotation/emulator';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import de from './locales/de.json' with { type: 'json' };
import { templateSuccessLine } from './success-lines.ts';
import { templateWelcome } from './welcome-lines.ts';
import { LLM_TIMEOUT_MS } from './writer.ts';

type Mode = 'good' | 'link' | 'phone' | 'slow' | 'broken';

/** An OpenAI-compatible chat endpoint over HTTP semantics, answering as the test asks. */
function fakeGenerator() {
  const state = { mode: 'good' as Mode, calls: 0, lastData: undefined as unknown };
  const app = new Hono();
  app.post('/v1/chat/completions', async (c) => {
    state.calls += 1;
    const request = (await c.req.json()) as { messages: { role: string; content: string }[] };
    const data = JSON.parse(request.messages[1]?.content ?? '{}') as { artists: unknown[] };
    state.lastData = data;
    // Late: past the writer's timeout for one generator call.
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, LLM_TIMEOUT_MS + 1000));
    if (state.mode === 'broken') return c.json({ choices: [{ message: { content: 'not json' } }] });
    const line = {
      good: (n: string) => `Generated for ${n}`,
      link: (n: string) => `${n}: see https://example.com`,
      phone: (n: string) => `${n}, call 415 555 2671`,
      slow: (n: string) => `Slow for ${n}`,
    }[state.mode];
    const content =
      'listSize' in data
        ? { greeting: line('you'), reflection: line('list'), teaser: line('quiz') }
        : { results: (data.artists as string[]).map((n) => ({ artistName: n, message: line(n) })) };
    return c.json({ choices: [{ message: { content: JSON.stringify(content) } }] });
  });
  return {
    state,
    fetch: async (input: string | URL | Request, init?: RequestInit) => app.fetch(new Request(input, init)),
  };
}

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let g: TestServer;
  const gen = fakeGenerator();
  beforeAll(async () => {
    s = await startTestServer(kind);
    g = await startTestServer(
      kind,
      {
        LLM_BASE_URL: 'http://llm.test/v1',
        LLM_MODEL: 'test-model',
        LLM_DAILY_CAP: '6',
      },
      { llmFetch: gen.fetch, database: s.database },
    );
  });
  afterAll(async () => {
    await s.close();
    await g.close();
  });

  test('the welcome comes from the templates by default and greets only the artists it is given', async () => {
    const artists = ['Dua Lipa', 'Rosalía', 'Kendrick Lamar'];
    const token = await s.token();
    const res = await s.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists, listSize: 40 },
    });
    expect(res.status).toBe(200);
    const welcome = (await res.json()) as Record<string, string>;
    expect(welcome).toEqual(templateWelcome('en', artists, 40));
    for (const n of artists) expect(welcome.greeting).toContain(n);
    expect(welcome.reflection).toContain('40');
    for (const n of artists) expect(`${welcome.reflection} ${welcome.teaser}`).not.toContain(n);
  });

  test('the welcome accepts artist objects with a name, as a client holding provider artists sends', async () => {
    const token = await s.token();
    const names = ['Dua Lipa', 'Rosalía'];
    const res = await s.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists: names.map((name, i) => ({ id: `a${i}`, name, images: [] })), listSize: 12 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(templateWelcome('en', names, 12));
  });

  test('a welcome body of another shape is refused naming the artists field', async () => {
    const token = await s.token();
    for (const artists of [[1], [{ id: 'x' }], 'Dua Lipa', null, [{ name: '' }]]) {
      const res = await s.call('/functions/v1/generate-welcome-message', { token, json: { artists } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^artists(\.\d+)?(\.name)?: /);
    }
    const size = await s.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists: ['A'], listSize: -1 },
    });
    expect(((await size.json()) as { error: string }).error).toMatch(/^listSize: /);
  });

  test('success messages come back per artist, in order', async () => {
    const artistNames = ['Beyoncé', 'AC/DC'];
    const res = await s.call('/functions/v1/generate-success-message', {
      token: await s.token(),
      json: { artistNames },
    });
    expect(await res.json()).toEqual({
      results: artistNames.map((artistName) => ({
        artistName,
        message: templateSuccessLine('en', artistName),
      })),
    });
  });

  test('more than 50 names, or a bad body, is refused naming the field', async () => {
    const token = await s.token();
    const many = Array.from({ length: 51 }, (_, i) => `A${i}`);
    const res = await s.call('/functions/v1/generate-success-message', {
      token,
      json: { artistNames: many },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^artistNames: /);
  });

  test('a caller who sends a token or a session cookie must be a known listener', async () => {
    const json = { artists: ['Dua Lipa'] };
    const badToken = await s.call('/functions/v1/generate-welcome-message', { token: 'not-a-token', json });
    expect(badToken.status).toBe(401);
    const badCookie = await s.call('/functions/v1/generate-welcome-message', {
      json,
      headers: { Cookie: 'hr_session=forged' },
    });
    expect(badCookie.status).toBe(401);
  });

  test('a guest (no sign-in) gets lines from the templates only, never the generator', async () => {
    gen.state.mode = 'good';
    const before = gen.state.calls;
    const welcome = await g.call('/functions/v1/generate-welcome-message', {
      json: { artists: ['Guest Artist One', 'Guest Artist Two'], listSize: 12 },
    });
    expect(welcome.status).toBe(200);
    expect(await welcome.json()).toEqual(templateWelcome('en', ['Guest Artist One', 'Guest Artist Two'], 12));
    const success = await g.call('/functions/v1/generate-success-message', {
      json: { artistNames: ['Guest Artist One'] },
    });
    expect(await success.json()).toEqual({
      results: [{ artistName: 'Guest Artist One', message: templateSuccessLine('en', 'Guest Artist One') }],
    });
    expect(gen.state.calls).toBe(before);
  });

  test("guests' message calls are limited per IP", async () => {
    const limited = await startTestServer(kind, { RATE_LIMIT_GUEST_PER_MINUTE: '2' });
    try {
      const call = () =>
        limited.call('/functions/v1/generate-success-message', { json: { artistNames: ['Someone'] } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      // A signed-in listener from the same address is not a guest.
      const token = await limited.token();
      const signedIn = await limited.call('/functions/v1/generate-success-message', {
        token,
        json: { artistNames: ['Someone'] },
      });
      expect(signedIn.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('generated success lines are used and cached per normalised artist name', async () => {
    gen.state.mode = 'good';
    const token = await g.token('casual-listener');
    const call = (artistNames: string[]) =>
      g.call('/functions/v1/generate-success-message', { token, json: { artistNames } });
    expect(await (await call(['Beyoncé'])).json()).toEqual({
      results: [{ artistName: 'Beyoncé', message: 'Generated for Beyoncé' }],
    });
    const before = gen.state.calls;
    expect(await (await call(['beyonce'])).json()).toEqual({
      results: [{ artistName: 'beyonce', message: 'Generated for Beyoncé' }],
    });
    expect(gen.state.calls).toBe(before);
  });

  test('generator output with links or phone numbers, broken or late, falls back to the templates', async () => {
    const token = await g.token('casual-listener');
    for (const mode of ['link', 'phone', 'broken', 'slow'] as const) {
      gen.state.mode = mode;
      const name = `Fallback ${mode}`;
      const res = await g.call('/functions/v1/generate-success-message', {
        token,
        json: { artistNames: [name] },
      });
      expect(await res.json()).toEqual({
        results: [{ artistName: name, message: templateSuccessLine('en', name) }],
      });
    }
  });

  test('a generated welcome is validated before use, and the generator sees only the names given', async () => {
    const token = await g.token('new-listener');
    gen.state.mode = 'good';
    const ok = await g.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists: ['D', 'E', 'F'], listSize: 40 },
    });
    expect(await ok.json()).toEqual({
      greeting: 'Generated for you',
      reflection: 'Generated for list',
      teaser: 'Generated for quiz',
    });
    expect(gen.state.lastData).toEqual({ listSize: 40, unlocked: ['D', 'E', 'F'] });
    gen.state.mode = 'link';
    const bad = await g.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists: ['D', 'E', 'F'], listSize: 40 },
    });
    expect(await bad.json()).toEqual(templateWelcome('en', ['D', 'E', 'F'], 40));
  });

  test('past the daily cap of generator calls the caller still gets lines, from the templates', async () => {
    gen.state.mode = 'good';
    const token = await g.token('demo-listener');
    const welcomes: Response[] = [];
    for (let i = 0; i < 7; i++) {
      welcomes.push(
        await g.call('/functions/v1/generate-welcome-message', { token, json: { artists: [`X${i}`] } }),
      );
    }
    expect(welcomes.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(await welcomes[0]?.json()).toMatchObject({ greeting: 'Generated for you' });
    expect(await welcomes[6]?.json()).toEqual(templateWelcome('en', ['X6'], 1));
    const before = gen.state.calls;
    const success = await g.call('/functions/v1/generate-success-message', {
      token,
      json: { artistNames: ['Capped Artist'] },
    });
    expect(success.status).toBe(200);
    expect(await success.json()).toEqual({
      results: [{ artistName: 'Capped Artist', message: templateSuccessLine('en', 'Capped Artist') }],
    });
    expect(gen.state.calls).toBe(before);
  });

  test("the templates answer in the request's language: the hr_lang cookie, else Accept-Language", async () => {
    const token = await s.token();
    const artists = ['Dua Lipa', 'Rosalía', 'Kendrick Lamar'];
    const german = { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' };
    const welcome = await s.call('/functions/v1/generate-welcome-message', {
      token,
      json: { artists, listSize: 40 },
      headers: german,
    });
    expect(welcome.headers.get('Vary')).toContain('Accept-Language');
    const words = (await welcome.json()) as Record<string, string>;
    expect(words).toEqual(templateWelcome('de', artists, 40));
    expect(Object.values(de)).toContain(words.teaser);
    for (const n of artists) expect(words.greeting).toContain(n);
    const success = await s.call('/functions/v1/generate-success-message', {
      token,
      json: { artistNames: ['Beyoncé'] },
      headers: { ...german, Cookie: 'hr_lang=fr' },
    });
    expect(await success.json()).toEqual({
      results: [{ artistName: 'Beyoncé', message: templateSuccessLine('fr', 'Beyoncé') }],
    });
  });

  test("the generator is asked in the listener's language, and a stored line serves only its language", async () => {
    const emulator = createEmulator();
    const e = await startTestServer(
      kind,
      { LLM_BASE_URL: 'http://emulator.test/openai/v1', LLM_MODEL: 'emulated', LLM_DAILY_CAP: '50' },
      { llmFetch: async (input, init) => emulator.fetch(new Request(input, init)), database: s.database },
    );
    try {
      const token = await e.token('casual-listener');
      const lines = async (language: string) => {
        const res = await e.call('/functions/v1/generate-success-message', {
          token,
          json: { artistNames: ['Nova Lune'] },
          headers: { 'Accept-Language': language },
        });
        return ((await res.json()) as { results: { message: string }[] }).results[0]?.message;
      };
      const calls = async () =>
        ((await (await emulator.request('/openai/_generator/calls')).json()) as { calls: { task: string }[] })
          .calls;
      expect(await lines('de')).toBe('Generiert für Nova Lune.');
      expect((await calls())[0]?.task).toContain('German (de)');
      // A French listener never gets the German line: the French one is asked for and kept apart.
      expect(await lines('fr-CA')).toBe('Généré pour Nova Lune.');
      expect(await lines('de')).toBe('Generiert für Nova Lune.');
      expect(await lines('fr')).toBe('Généré pour Nova Lune.');
      expect(await calls()).toHaveLength(2);
      const welcome = await e.call('/functions/v1/generate-welcome-message', {
        token,
        json: { artists: ['Nova Lune'], listSize: 12 },
        headers: { 'Accept-Language': 'de' },
      });
      expect(await welcome.json()).toMatchObject({ greeting: 'Generierte Begrüßung für Nova Lune.' });
    } finally {
      await e.close();
    }
  });
});
