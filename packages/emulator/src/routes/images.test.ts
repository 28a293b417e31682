import { inflateSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { demoData } from '../data/demo.ts';
import { bearer } from '../testing.ts';

/** Width, height and the first pixel's colour of an 8-bit RGB PNG. */
function readPng(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  return { width, height, corner: [raw[1], raw[2], raw[3]].join(',') };
}

test('artists carry 640, 300 and 64 px PNGs served cacheable and cross-origin', async () => {
  const app = createEmulator();
  const token = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId: 'demo-listener' }),
  });
  const auth = bearer(((await token.json()) as { access_token: string }).access_token);
  const artist = (await (await app.request(`/v1/artists/${demoData.artists[0]?.id}`, auth)).json()) as {
    images: { url: string; width: number; height: number }[];
  };
  expect(artist.images.map((i) => i.width)).toEqual([640, 300, 64]);
  for (const image of artist.images) {
    const res = await app.request(image.url);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Cache-Control')).toContain('max-age=31536000');
    const png = readPng(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([image.width, image.height]);
  }
});

test('artwork colours vary between artists', async () => {
  const app = createEmulator();
  const colours = new Set<string>();
  for (const artist of demoData.artists.slice(0, 12)) {
    const res = await app.request(`/images/artist/${artist.id}/64.png`);
    colours.add(readPng(Buffer.from(await res.arrayBuffer())).corner);
  }
  expect(colours.size).toBeGreaterThan(8);
});

test('unknown image sizes and kinds are 404', async () => {
  const app = createEmulator();
  expect((await app.request('/images/artist/abc/128.png')).status).toBe(404);
  expect((await app.request('/images/secret/abc/64.png')).status).toBe(404);
});
