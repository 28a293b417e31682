import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

let s: TestServer;
let dist: string;
const script = `export const names = [${Array.from({ length: 400 }, (_, i) => `"artist-${i}"`).join(', ')}];\n`;
// A PNG signature and some bytes: already compressed formats go out as they are.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(600).fill(7)]);

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'hr-static-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Heavy Rotation</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`,
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dist, 'podium.png'), png);
  await mkdir(join(dist, 'pages', 'en'), { recursive: true });
  await writeFile(join(dist, 'pages', 'en', 'login.html'), '<html><head></head><body>login</body></html>');
  await writeFile(
    join(dist, 'pages', 'en', 'login.lastfm.html'),
    '<html><head></head><body>login with Last.fm</body></html>',
  );
  s = await startTestServer('pglite', { WEB_DIST: dist, PRODUCT_NAME: 'Rotation </script><b>' });
});
afterAll(async () => {
  await s.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string) =>
  s.app.request(path, acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {});

test('scripts go out brotli-compressed to a browser that accepts it, and decode to the file', async () => {
  const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
  expect(res.headers.get('Content-Encoding')).toBe('br');
  expect(res.headers.get('Vary')).toBe('Accept-Encoding');
  expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.length).toBeLessThan(script.length / 2);
  expect(brotliDecompressSync(body).toString()).toBe(script);
});

test('a caller that accepts only gzip gets gzip, the same file each time', async () => {
  for (let i = 0; i < 2; i += 1) {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  }
});

test('without Accept-Encoding, or with every encoding refused, the file goes out as is', async () => {
  for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
    const res = await get('/assets/index-abc123.js', accept);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(script);
  }
});

/** The configuration block the server writes into a page, read back as a browser would. */
function configIn(html: string): unknown {
  const text = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}

test('the page is compressed too, also where an app route falls back to it', async () => {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  for (const path of ['/', '/quiz', '/signup']) {
    const res = await get(path, 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const page = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(page.replace(/<script type="application\/json".*?<\/script>\n {2}/s, '')).toBe(html);
    expect(configIn(page)).toMatchObject({ backendUrl: expect.any(String) });
  }
});

test('every page carries the configuration /app-config.json gives, which no value can break out of', async () => {
  const config = await (await get('/app-config.json')).json();
  expect(config).toMatchObject({ productName: 'Rotation </script><b>', lastfm: true });
  for (const path of ['/', '/login', '/quiz']) {
    const page = await (await get(path)).text();
    expect(configIn(page)).toEqual(config);
    expect(page).not.toContain('</script><b>');
  }
});

test('/login is its prerendered page, with the Last.fm button when Last.fm is set up', async () => {
  expect(await (await get('/login')).text()).toContain('<body>login with Last.fm</body>');
  expect(await (await get('/login/')).text()).toContain('<body>login with Last.fm</body>');
  const off = await startTestServer(
    'pglite',
    { WEB_DIST: dist, LASTFM_API_KEY: '', LASTFM_SHARED_SECRET: '' },
    { database: s.database },
  );
  const page = await (await off.app.request('/login')).text();
  expect(page).toContain('<body>login</body>');
  expect(configIn(page)).toMatchObject({ lastfm: false });
  // /signup has no prerendered page in this build: the app's shell, configured as well.
  const signup = await (await off.app.request('/signup')).text();
  expect(signup).toContain('<p>x</p>');
  expect(configIn(signup)).toMatchObject({ lastfm: false });
  await off.close();
});

test('/signup after a form the browser posted itself is the page saying how it went', async () => {
  const en = join(dist, 'pages', 'en');
  await writeFile(join(en, 'signup.html'), '<html><head></head><body>signup</body></html>');
  await writeFile(join(en, 'signup.thanks.html'), '<html><head></head><body>thanks</body></html>');
  await writeFile(join(en, 'signup.error.html'), '<html><head></head><body>error</body></html>');
  try {
    expect(await (await get('/signup?signup=thanks')).text()).toContain('<body>thanks</body>');
    expect(await (await get('/signup?signup=error')).text()).toContain('<body>error</body>');
    // Anything else in the query is the form itself.
    expect(await (await get('/signup?signup=../login')).text()).toContain('<body>signup</body>');
    expect(await (await get('/signup')).text()).toContain('<body>signup</body>');
  } finally {
    for (const name of ['signup', 'signup.thanks', 'signup.error']) {
      await rm(join(dist, 'pages', 'en', `${name}.html`));
    }
  }
});

test("a page comes in the visitor's language: the kept choice first, then the browser's, and says it varies", async () => {
  const page = (language: string, body: string) =>
    `<html lang="${language}"><head></head><body>${body}</body></html>`;
  for (const language of ['de', 'ja', 'pt-BR']) {
    await mkdir(join(dist, 'pages', language), { recursive: true });
    await writeFile(join(dist, 'pages', language, 'login.lastfm.html'), page(language, `login ${language}`));
    await writeFile(join(dist, 'pages', language, 'shell.html'), page(language, `shell ${language}`));
  }
  try {
    const asked = (path: string, headers: Record<string, string>) => s.app.request(path, { headers });
    const german = await asked('/login', { 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(await german.text()).toContain('<body>login de</body>');
    expect(german.headers.get('Content-Language')).toBe('de');
    expect(german.headers.get('Vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    // Any Portuguese is Brazilian Portuguese; the kept choice wins over the browser's languages.
    expect(await (await asked('/login', { 'Accept-Language': 'pt-PT' })).text()).toContain('login pt-BR');
    const chosen = await asked('/login', { 'Accept-Language': 'de', Cookie: 'hr_lang=ja' });
    expect(await chosen.text()).toContain('<body>login ja</body>');
    // A path without a page of its own gets the shell in the language.
    expect(await (await asked('/quiz', { 'Accept-Language': 'ja' })).text()).toContain('shell ja');
    // A language we do not speak, or a cookie naming none, is English.
    const other = await asked('/login', { 'Accept-Language': 'nl', Cookie: 'hr_lang=../../etc' });
    expect(await other.text()).toContain('<body>login with Last.fm</body>');
    expect(other.headers.get('Content-Language')).toBe('en');
  } finally {
    for (const language of ['de', 'ja', 'pt-BR'])
      await rm(join(dist, 'pages', language), { recursive: true });
  }
});

test('images are never re-compressed', async () => {
  const res = await get('/podium.png', 'gzip, br');
  expect(res.headers.get('Content-Encoding')).toBeNull();
  expect(res.headers.get('Vary')).toBeNull();
  expect(res.headers.get('Content-Type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
});

test('a changed file is served in its new version', async () => {
  const next = `${script}export const more = true;\n`;
  await writeFile(join(dist, 'assets', 'index-abc123.js'), next);
  // The cache is keyed by modification time: give the file a clearly different one.
  await utimes(join(dist, 'assets', 'index-abc123.js'), new Date(), new Date(Date.now() + 60_000));
  const res = await get('/assets/index-abc123.js', 'br');
  expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(next);
});
