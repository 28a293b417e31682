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
    `<!doctype html><title>Heavy Rotation</title>${'<p>x</p>'.repeat(200)}`,
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dist, 'podium.png'), png);
  s = await startTestServer('pglite', { WEB_DIST: dist });
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

test('the page is compressed too, also where an app route falls back to it', async () => {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  for (const path of ['/', '/quiz']) {
    const res = await get(path, 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
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
