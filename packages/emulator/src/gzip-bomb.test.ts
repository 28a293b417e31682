import { createGunzip } from 'node:zlib';
import { expect, test } from 'vitest';
import { createEmulator } from './app.ts';

/** The bytes a gzip body unpacks to, counted as they come (never held). */
async function unpackedSize(res: Response): Promise<number> {
  const gunzip = createGunzip();
  let size = 0;
  gunzip.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  const done = new Promise((resolve) => gunzip.on('end', resolve));
  for await (const part of res.body ?? []) gunzip.write(part);
  gunzip.end();
  await done;
  return size;
}

test('a gzip bomb fault: a small gzip body that unpacks to the size asked, on each kind of service', async () => {
  const app = createEmulator();
  const control = (path: string, body: unknown) =>
    app.request(path, { method: 'POST', body: JSON.stringify(body) });
  const size = 64 * 1024 * 1024;
  expect((await control('/listenbrainz/_control/faults', { gzipBomb: -1 })).status).toBe(400);
  await control('/listenbrainz/_control/faults', { match: '/1/validate-token', gzipBomb: size });
  await control('/artist-images/_control/faults', { service: 'deezer', gzipBomb: size });
  await control('/clips/_control/faults', { service: 'itunes', gzipBomb: size });
  for (const path of [
    '/listenbrainz/1/validate-token',
    '/deezer/search/artist?q=x',
    '/itunes/search?term=x',
  ]) {
    const res = await app.request(path);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await unpackedSize(res)).toBeGreaterThanOrEqual(size);
  }
  // Used once: the next answer is the ordinary one.
  expect((await app.request('/itunes/search?term=x')).headers.get('content-encoding')).toBeNull();
});
