import { demoData, imageHome, musicbrainzId } from '@heavy-rotation/emulator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const byHome = (home: string) => demoData.artists.filter((a) => imageHome(a.name) === home);
const onDeezer = byHome('deezer');
const onWikimedia = byHome('wikimedia');

interface Reply {
  images: { name: string; image: { url: string } | null; final: boolean }[];
}
/** Names no source knows: each costs a Deezer search, then MusicBrainz turns. */
const madeUp = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} nobody ${i}` }));

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { IMAGE_WAIT_MS: '3000', TRUST_PROXY: '1' });
  });
  afterAll(() => s.close());

  const ask = async (server: TestServer, artists: { name: string; mbid?: string }[], address: string) => {
    const res = await server.call('/api/artist-images', {
      json: { artists },
      headers: { 'X-Forwarded-For': address },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Reply;
  };
  const deezerCalls = async () =>
    ((await (await s.emulator.request('/artist-images/_control/calls')).json()) as { deezer: number }).deezer;

  test('fifty names from one caller take only the MusicBrainz turns it can use: the next listener gets theirs', async () => {
    await ask(s, madeUp('pace', 50), '198.51.100.40');
    // Right after, another listener's artist found only through MusicBrainz (two turns) is found in time.
    const artist = onWikimedia[10];
    if (!artist) throw new Error('demo data lacks a case');
    const reply = await ask(s, [{ name: artist.name }], '198.51.100.41');
    expect(reply.images[0]?.final).toBe(true);
    expect(reply.images[0]?.image?.url).toContain(`/images/artist/wm-${artist.id}/`);
  }, 30_000);

  test("a caller's MusicBrainz id does not poison the image of the artist it belongs to", async () => {
    const [decoy, victim] = [onDeezer[20], onWikimedia[11]];
    if (!decoy || !victim) throw new Error('demo data lacks a case');
    const victimId = musicbrainzId(victim.id);
    // The attacker sends another artist's name with the victim's id.
    await ask(s, [{ name: decoy.name, mbid: victimId }], '198.51.100.42');
    const reply = await ask(s, [{ name: victim.name, mbid: victimId }], '198.51.100.43');
    expect(reply.images[0]?.image?.url).toContain(`/images/artist/wm-${victim.id}/`);
    // A name MusicBrainz's record does not bear is looked up on its own, never through the given id.
    const other = onWikimedia[12];
    if (!other) throw new Error('demo data lacks a case');
    const mismatched = await ask(s, [{ name: other.name, mbid: victimId }], '198.51.100.44');
    expect(mismatched.images[0]?.image?.url ?? '').not.toContain(`wm-${victim.id}/`);
  }, 30_000);

  test("a picture address off the source's own hosts, or not https, is never stored nor shown", async () => {
    const control = (body: unknown) =>
      s.emulator.request('/artist-images/_control/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const [onD, onW] = [onDeezer[22], onWikimedia[13]];
    if (!onD || !onW) throw new Error('demo data lacks a case');
    await control({ service: 'deezer', picture: 'https://tracker.example/pixel.jpg' });
    await control({ service: 'commons', picture: 'http://upload.wikimedia.org/plain-http.jpg' });
    const reply = await ask(s, [{ name: onD.name }, { name: onW.name }], '198.51.100.47');
    for (const image of reply.images) expect(image.image).toBeNull();
  }, 30_000);

  test('one name asked by two requests at once is looked up once', async () => {
    const artist = onDeezer[21];
    if (!artist) throw new Error('demo data lacks a case');
    const before = await deezerCalls();
    const [a, b] = await Promise.all([
      ask(s, [{ name: artist.name }], '198.51.100.45'),
      ask(s, [{ name: artist.name }], '198.51.100.46'),
    ]);
    expect(a.images[0]?.image?.url).toContain(`/images/artist/${artist.id}/`);
    expect(b.images[0]?.image?.url).toContain(`/images/artist/${artist.id}/`);
    expect((await deezerCalls()) - before).toBe(1);
  });
});

describe.each(DATABASES)('lookup budgets on %s', (kind) => {
  let s: TestServer;
  let other: TestServer;
  // Everybody's budget is 100 a minute: an address may take a twentieth of it, 5, whatever its own
  // setting says.
  const limits = {
    IMAGE_WAIT_MS: '300',
    TRUST_PROXY: '1',
    IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE: '20',
    IMAGE_LOOKUPS_PER_MINUTE: '100',
  };
  beforeAll(async () => {
    s = await startTestServer(kind, limits);
    // A second instance on the same database, reaching the same local sources. On the embedded
    // database there is one instance by definition: the second stands in for the same one.
    other =
      kind === 'postgres'
        ? await startTestServer(kind, limits, {
            database: s.database,
            sourceFetch: async (input, init) => s.emulator.fetch(new Request(input, init)),
          })
        : s;
  });
  afterAll(async () => {
    if (other !== s) await other.close();
    await s.close();
  });
  const deezerCalls = async () =>
    ((await (await s.emulator.request('/artist-images/_control/calls')).json()) as { deezer: number }).deezer;
  const ask = async (server: TestServer, artists: { name: string }[], address: string) => {
    const res = await server.call('/api/artist-images', {
      json: { artists },
      headers: { 'X-Forwarded-For': address },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Reply;
  };

  test("twelve addresses cannot spend everybody's budget; names already known cost nothing", async () => {
    const before = await deezerCalls();
    // Twelve addresses, each sending fifty new names twice, spread over both instances.
    for (let address = 0; address < 12; address++) {
      for (let i = 0; i < 2; i++) {
        const reply = await ask(
          i % 2 ? other : s,
          madeUp(`amp-${address}-${i}`, 50),
          `203.0.113.${address + 1}`,
        );
        // At most the per-request cap of names is looked up; the rest are "ask again later".
        expect(reply.images.filter((img) => img.final).length).toBeLessThanOrEqual(10);
      }
    }
    // Each took its share: 60 of the minute's 100.
    expect((await deezerCalls()) - before).toBe(60);
    // A listener on another address still reaches the sources with a new artist.
    const artist = onDeezer[30];
    if (!artist) throw new Error('demo data lacks a case');
    const fresh = await ask(other, [{ name: artist.name }], '198.51.100.90');
    expect(fresh.images[0]).toMatchObject({
      final: true,
      image: { url: expect.stringContaining(artist.id) },
    });

    // Eight more addresses bring everybody's total to the cap: now nobody's new name reaches a source...
    for (let address = 20; address < 28; address++)
      await ask(s, madeUp(`late-${address}`, 10), `203.0.113.${address + 1}`);
    expect((await deezerCalls()) - before).toBe(100);
    const late = onDeezer[31];
    if (!late) throw new Error('demo data lacks a case');
    const spent = await ask(s, [{ name: late.name }], '198.51.100.91');
    expect(spent.images[0]?.final).toBe(false);
    // ...but a name already known is answered from the shared cache, spending nothing.
    const known = await ask(other, [{ name: artist.name.toUpperCase() }], '198.51.100.92');
    expect(known.images[0]).toMatchObject({
      final: true,
      image: { url: expect.stringContaining(artist.id) },
    });
    expect((await deezerCalls()) - before).toBe(100);
  }, 90_000);
});
