import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { describeDefault, ENV_VARIABLES, readEnv } from './env.ts';

test('a bad value stops the start with a message naming the variable', () => {
  expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => readEnv({ PRODUCT_NAME: 'Spotify Top 40' })).toThrow(
    /PRODUCT_NAME: must not contain "Spotify"/,
  );
  expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => readEnv({ DATABASE_URL: 'postgres://db/app' })).toThrow(
    'SOURCE_KEY_SECRET: required with DATABASE_URL',
  );
  // Several instances must count as one: not without Redis.
  expect(() => readEnv({ DATABASE_URL: 'postgres://db/app', SOURCE_KEY_SECRET: 'x'.repeat(32) })).toThrow(
    'REDIS_URL: required with DATABASE_URL',
  );
  expect(() => readEnv({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
  expect(() => readEnv({ PUBLIC_ANON_KEY: 'short' })).toThrow(/PUBLIC_ANON_KEY/);
  expect(() => readEnv({ TRUST_PROXY: 'true-ish' })).toThrow(
    /TRUST_PROXY: "true-ish" is not an address or CIDR/,
  );
  expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/bad prefix length/);
  expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
});

test('defaults apply and empty values count as unset', () => {
  const env = readEnv({ SPOTIFY_CLIENT_ID: '', PORT: '' });
  expect(env.PORT).toBe(8787);
  expect(env.DATA_DIR).toBe('.data');
  expect(env.SPOTIFY_CLIENT_ID).toBeUndefined();
  expect(env.TRUST_PROXY).toBe('0');
});

test('the README table lists every variable with its default, and nothing else', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|\s*(.*?)\s*\|/gm)].map((m) => [m[1], m[2]]);
  const expected = Object.keys(ENV_VARIABLES).map((name) => {
    const d = describeDefault(name as keyof typeof ENV_VARIABLES);
    return [name, d ? `\`${d}\`` : '—'];
  });
  expect(rows).toEqual(expected);
});

test('the repository README lists no variable of its own: it links to the one table', async () => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  expect(readme).not.toMatch(/^\|\s*`[A-Z0-9_]+`\s*\|/m);
  expect(readme).toContain('apps/server/README.md#configuration');
});
