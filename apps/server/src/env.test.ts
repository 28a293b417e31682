import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { describeDefault, ENV_VARIABLES, readEnv } from './env.ts';

test('a bad value stops the start with a message naming the variable', () => {
  expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => readEnv({ PRODUCT_NAME: 'Spotify Top 40' })).toThrow(
    /PRODUCT_NAME: must not contain "Spotify"/,
  );
  expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => readEnv({ PUBLIC_ANON_KEY: 'short' })).toThrow(/PUBLIC_ANON_KEY/);
});

test('defaults apply and empty values count as unset', () => {
  const env = readEnv({ SPOTIFY_CLIENT_ID: '', PORT: '' });
  expect(env.PORT).toBe(8787);
  expect(env.DATA_DIR).toBe('.data');
  expect(env.SPOTIFY_CLIENT_ID).toBeUndefined();
  expect(env.TRUST_PROXY).toBe(false);
});

test('the README table lists every variable with its default, and nothing else', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*(.*?)\s*\|/gm)].map((m) => [m[1], m[2]]);
  const expected = Object.keys(ENV_VARIABLES).map((name) => {
    const d = describeDefault(name as keyof typeof ENV_VARIABLES);
    return [name, d ? `\`${d}\`` : '—'];
  });
  expect(rows).toEqual(expected);
});

test('the repository README names every variable with the same default', async () => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*(.*?)\s*\|/gm)].map((m) => [m[1], m[2]]);
  for (const name of Object.keys(ENV_VARIABLES)) {
    const d = describeDefault(name as keyof typeof ENV_VARIABLES);
    expect(rows).toContainEqual([name, d ? `\`${d}\`` : '—']);
  }
});
