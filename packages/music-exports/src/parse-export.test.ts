// @vitest-environment node
import { appleExportZip, youtubeExportZip } from '@heavy-rotation/emulator/music-exports';
import { DECOY_ARTISTS, generateExport, zipExport } from '@heavy-rotation/emulator/spotify-export';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { expect, test, vi } from 'vitest';
import { MAX_FILE_BYTES, parseExport } from './parse-export.ts';

const NEWEST = new Date(Date.UTC(2026, 9, 31, 20, 15));
const ARTISTS = Array.from({ length: 45 }, (_, i) => `Artist ${String.fromCharCode(65 + (i % 26))}${i}`);

// A copy: fflate's bytes may sit on any buffer, a File's parts on a plain ArrayBuffer.
const file = (name: string, content: string | Uint8Array) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name);

test('an Account data zip ranks the 40 artists in order, ignoring skips, old plays and podcasts', async () => {
  const zip = zipExport(
    generateExport({ format: 'account', artists: ARTISTS, newest: NEWEST, displayName: 'Ada' }),
  );
  const progress: number[] = [];
  const result = await parseExport([file('my_spotify_data.zip', zip)], {
    onProgress: (read) => progress.push(read),
  });
  expect(result.artists.map((a) => a.name)).toEqual(ARTISTS.slice(0, 40));
  expect(result.displayName).toBe('Ada');
  expect(result.newestEntry).toBe(NEWEST.getTime());
  expect(progress.at(-1)).toBe(zip.byteLength);
});

test('Extended history, loose JSON files in any order, leaves out incognito plays and video files', async () => {
  const files = [
    ...generateExport({
      format: 'extended',
      artists: ARTISTS.slice(0, 12),
      newest: NEWEST,
      targetBytes: 8_000_000,
    }),
  ];
  expect(files.filter((f) => f.name.startsWith('Streaming_History_Audio')).length).toBeGreaterThan(1);
  const result = await parseExport(files.reverse().map((f) => file(f.name, f.text)));
  const names = result.artists.map((a) => a.name);
  expect(names).toEqual(ARTISTS.slice(0, 12));
  expect(names).not.toContain(DECOY_ARTISTS.incognito);
  expect(result.artists[0]?.trackUri).toMatch(/^spotify:track:/);
});

test('a zip written as a stream (sizes after the data) reads the same', async () => {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const f of generateExport({ format: 'extended', artists: ARTISTS.slice(0, 5), newest: NEWEST })) {
    const entry = new ZipDeflate(`Spotify Extended Streaming History/${f.name}`);
    zip.add(entry);
    entry.push(strToU8(f.text), true);
  }
  zip.end();
  const result = await parseExport([
    new File(
      chunks.map((c) => new Uint8Array(c)),
      'my_spotify_data.zip',
    ),
  ]);
  expect(result.artists.map((a) => a.name)).toEqual(ARTISTS.slice(0, 5));
});

test("where the platform can't inflate raw deflate, fflate's own inflate reads every export the same", async () => {
  const spotify = zipExport(generateExport({ format: 'extended', artists: ARTISTS, newest: NEWEST }));
  const apple = appleExportZip({ artists: ARTISTS, newest: NEWEST });
  const youtube = youtubeExportZip({ artists: ARTISTS, newest: NEWEST });
  const read = async () => [
    await parseExport([file('my_spotify_data.zip', spotify)]),
    await parseExport([file('Apple Media Services information.zip', apple)], { kind: 'apple' }),
    await parseExport([file('takeout.zip', youtube)], { kind: 'youtube' }),
  ];
  const native = await read();
  expect(native.map((r) => r.artists.length)).toEqual([40, 40, 40]);
  // A browser without DecompressionStream('deflate-raw') (Safari before 16.4, Firefox before 113).
  vi.stubGlobal('DecompressionStream', undefined);
  try {
    expect(await read()).toEqual(native);
    await expect(parseExport([file('broken.zip', spotify.slice(0, spotify.byteLength / 2))])).rejects.toThrow(
      /broken\.zip is damaged/,
    );
  } finally {
    vi.unstubAllGlobals();
  }
});

test('bad input names the file and the problem', async () => {
  const good = zipExport(generateExport({ format: 'account', artists: ARTISTS, newest: NEWEST }));
  const cases: [File, RegExp][] = [
    [
      file('photos.zip', zipExport([{ name: 'cat.json', text: '{}' }])),
      /photos\.zip holds no music streaming history/,
    ],
    [file('broken.zip', good.slice(0, good.byteLength / 2)), /broken\.zip is damaged/],
    [file('notes.zip', 'hello, not a zip'), /notes\.zip is damaged or isn't a complete zip file/],
    [file('package.json', '{"name":"x"}'), /package\.json isn't a Spotify streaming history file/],
    [file('other.json', '[{"date":"2024","value":1}]'), /other\.json isn't a Spotify streaming history file/],
    [file('StreamingHistory_music_0.json', '[]'), /StreamingHistory_music_0\.json has no plays in it/],
    [
      file(
        'cut.json',
        '[{"endTime":"2024-01-01 10:00","artistName":"A","trackName":"T","msPlayed":40000},{"end',
      ),
      /cut\.json is damaged/,
    ],
    [file('report.pdf', '%PDF'), /report\.pdf isn't a \.zip or \.json file/],
    [
      file('empty.zip', zipExport([{ name: 'StreamingHistory_music_0.json', text: '[]' }])),
      /empty\.zip has no plays/,
    ],
  ];
  for (const [input, message] of cases)
    await expect(parseExport([input]), input.name).rejects.toThrow(message);
});

test('a file over 2 GB is refused before it is read', async () => {
  const huge = {
    name: 'huge.zip',
    size: MAX_FILE_BYTES + 1,
    stream: () => {
      throw new Error('read');
    },
  };
  await expect(parseExport([huge])).rejects.toThrow(/huge\.zip is over 2 GB/);
});

test('cancelling stops the reading', async () => {
  const controller = new AbortController();
  const files = [
    ...generateExport({ format: 'account', artists: ARTISTS, newest: NEWEST, targetBytes: 2_000_000 }),
  ];
  const reading = parseExport(
    files.map((f) => file(f.name, f.text)),
    {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    },
  );
  await expect(reading).rejects.toThrow('Cancelled');
});

test('a problem carries a code and the file, for the app to word in the listener’s language', async () => {
  await expect(parseExport([file('notes.zip', 'hello, not a zip')])).rejects.toMatchObject({
    code: 'damaged-zip',
    values: { file: 'notes.zip' },
  });
  await expect(parseExport([file('a.csv', 'a\n1\n')], { kind: 'youtube' })).rejects.toMatchObject({
    code: 'looks-like-apple',
  });
  const podcasts = [
    file('StreamingHistory_podcast_0.json', '[]'),
    file('StreamingHistory_podcast_1.json', '[]'),
  ];
  await expect(parseExport(podcasts)).rejects.toMatchObject({
    code: 'nothing-read-spotify',
    values: { file: 'StreamingHistory_podcast_0.json, StreamingHistory_podcast_1.json', count: 2 },
  });
});
