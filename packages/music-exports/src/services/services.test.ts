// @vitest-environment node
import {
  APPLE_DECOYS,
  appleDailyTracks,
  appleExportZip,
  YOUTUBE_DECOYS,
  youtubeExportZip,
  youtubeWatchHistory,
} from '@heavy-rotation/emulator/music-exports';
import { generateExport, zipExport } from '@heavy-rotation/emulator/spotify-export';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from 'vitest';
import { parseExport } from '../parse-export.ts';
import { appleArtist } from './apple.ts';

const NEWEST = new Date(Date.UTC(2026, 9, 31, 20));
const ARTISTS = Array.from({ length: 45 }, (_, i) =>
  i === 3 ? 'Nu - Jazz Collective' : `Artist ${String.fromCharCode(65 + (i % 26))}${i}`,
);
const file = (name: string, content: string | Uint8Array) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name);
const names = (result: { artists: { name: string }[] }) => result.artists.map((a) => a.name);

test('an Apple Music zip (Apple_Media_Services.zip inside) ranks by listening time, decoys left out', async () => {
  const result = await parseExport(
    [file('Apple Media Services information.zip', appleExportZip({ artists: ARTISTS, newest: NEWEST }))],
    {
      kind: 'apple',
    },
  );
  expect(names(result)).toEqual(ARTISTS.slice(0, 40));
  for (const decoy of Object.values(APPLE_DECOYS)) expect(names(result)).not.toContain(decoy);
  expect(result.newestEntry).toBe(NEWEST.getTime());
  // The newest row is a skip: 45 plays of three minutes, not 46.
  expect(result.artists[0]).toMatchObject({ plays: 45, ms: 45 * 180_000 });
});

test('the daily tracks CSV alone, and the inner zip alone, read the same', async () => {
  const csv = [...appleDailyTracks({ artists: ARTISTS.slice(0, 8), newest: NEWEST })].join('');
  const loose = await parseExport([file('Apple Music - Play History Daily Tracks.csv', csv)], {
    kind: 'apple',
  });
  expect(names(loose)).toEqual(ARTISTS.slice(0, 8));
  const inner = zipSync({ 'Apple Music Activity/Apple Music - Play History Daily Tracks.csv': strToU8(csv) });
  expect(names(await parseExport([file('Apple_Media_Services.zip', inner)], { kind: 'apple' }))).toEqual(
    ARTISTS.slice(0, 8),
  );
});

test('columns are found by name: reordered, quoted, with a byte order mark', async () => {
  const csv = [
    '\ufeffTrack Description,Play Count,Hours,Date Played,Play Duration Milliseconds',
    '"Simon, Paul - Graceland",2,"18, 19",20261030,400000',
    'Bee - One,1,9,20261030,200000',
    'Bee - Two,0,9,20261031,900000',
  ].join('\n');
  const result = await parseExport([file('history.csv', csv)], { kind: 'apple' });
  expect(result.artists).toMatchObject([
    { name: 'Simon, Paul', plays: 2 },
    { name: 'Bee', plays: 1 },
  ]);
  expect(result.newestEntry).toBe(Date.UTC(2026, 9, 31, 9));
});

test('each Apple row is read as written: dates, hours, durations, counts and the ignore mark', async () => {
  const header =
    'Track Description,Date Played,Hours,Play Duration Milliseconds,Play Count,Ignore For Recommendations';
  const day = Date.UTC(2026, 9, 30);
  // Each row alone in a file, after one at a fixed time: its artist ranks, or is left out, as written.
  const rows: [string, { at: number; plays?: number; ms?: number } | null][] = [
    ['A - 1,20261030,16,200000,1,false', { at: day + 16 * 3_600_000, ms: 200_000, plays: 1 }],
    ['A - 2,2026-10-30,"18, 19",40000,,FALSE', { at: day + 19 * 3_600_000, ms: 40_000, plays: 1 }],
    [' A - 3 , 20261030 ,"7,",2e5,1.5,TRUE', null],
    ['A - 4,20261031,24,x,two, yes ', null],
    ['A - 5,20261030,05,35000,3,0', { at: day + 5 * 3_600_000, ms: 35_000, plays: 3 }],
    ['A - 6,20261031,,35000,0,1', null],
  ];
  for (const [row, expected] of rows) {
    const csv = `${header}\r\n${row}\r\nB - 1,20261030,0,30000,1,false\r\n`;
    const result = await parseExport([file('history.csv', csv)], { kind: 'apple' });
    const a = result.artists.find((artist) => artist.name === 'A');
    if (!expected) {
      expect(a, row).toBeUndefined();
      continue;
    }
    expect(a, row).toMatchObject({ ms: expected.ms, plays: expected.plays });
    expect(result.newestEntry, row).toBe(Math.max(expected.at, day));
  }
});

test('an artist whose name holds " - ": the library names it, or the titles after it tell', () => {
  const descriptions = [
    'Nu - Jazz Collective - Song 1',
    'Nu - Jazz Collective - Song 2',
    'Nu - Jazz Collective - Song 3',
    'Solo - Ballad - Remastered 2011',
    'Solo - Ballad - Live',
    'Solo - Another',
    'Duo - Hit - Live',
  ];
  const artist = appleArtist(new Set(), descriptions);
  expect(descriptions.map(artist)).toEqual([
    'Nu - Jazz Collective',
    'Nu - Jazz Collective',
    'Nu - Jazz Collective',
    'Solo',
    'Solo',
    'Solo',
    'Duo',
  ]);
  expect(appleArtist(new Set(['duo - hit']), descriptions)('Duo - Hit - Live')).toBe('Duo - Hit');
  expect(artist('No dash here')).toBe('');
});

test('a Takeout zip ranks YouTube Music plays per artist, " - Topic" dropped, decoys left out', async () => {
  const zip = youtubeExportZip(
    { artists: ARTISTS, newest: NEWEST },
    'Takeout/YouTube und YouTube Music/Verlauf/Wiedergabeverlauf.json',
  );
  const result = await parseExport([file('takeout-20261101.zip', zip)], { kind: 'youtube' });
  expect(names(result)).toEqual(ARTISTS.slice(0, 40));
  for (const decoy of Object.values(YOUTUBE_DECOYS)) expect(names(result)).not.toContain(decoy);
  expect(result.artists[0]?.plays).toBe(46);
  expect(result.newestEntry).toBe(NEWEST.getTime());
});

test('watch-history.json alone; ties go to the name', async () => {
  const json = [...youtubeWatchHistory({ artists: ARTISTS.slice(0, 6), newest: NEWEST })].join('');
  expect(names(await parseExport([file('watch-history.json', json)], { kind: 'youtube' }))).toEqual(
    ARTISTS.slice(0, 6),
  );
  const entry = (channel: string, time: string) => ({
    header: 'YouTube Music',
    title: 'Watched x',
    titleUrl: 'https://music.youtube.com/watch?v=abc',
    subtitles: [{ name: channel, url: 'https://www.youtube.com/channel/UC1' }],
    time,
  });
  const tie = JSON.stringify([
    entry('Zed - Topic', '2026-10-02T00:00:00Z'),
    entry('Abe', '2026-10-01T00:00:00Z'),
  ]);
  expect(names(await parseExport([file('watch-history.json', tie)], { kind: 'youtube' }))).toEqual([
    'Abe',
    'Zed',
  ]);
});

test("a file of one service chosen in another's input says which it looks like", async () => {
  const apple = appleExportZip({ artists: ARTISTS.slice(0, 3), newest: NEWEST });
  const youtube = [...youtubeWatchHistory({ artists: ARTISTS.slice(0, 3), newest: NEWEST })].join('');
  const spotify = zipExport(
    generateExport({ format: 'account', artists: ARTISTS.slice(0, 3), newest: NEWEST }),
  );
  const cases: [File, 'spotify' | 'apple' | 'youtube', RegExp][] = [
    [
      file('apple.zip', apple),
      'youtube',
      /apple\.zip looks like an Apple Music data export\. Choose it under "Apple Music data export"/,
    ],
    [file('apple.zip', apple), 'spotify', /looks like an Apple Music data export/],
    [
      file('watch-history.json', youtube),
      'spotify',
      /watch-history\.json looks like a YouTube Music history/,
    ],
    [file('watch-history.json', youtube), 'apple', /looks like a YouTube Music history/],
    [file('my_spotify_data.zip', spotify), 'apple', /my_spotify_data\.zip looks like a Spotify data export/],
    [file('my_spotify_data.zip', spotify), 'youtube', /looks like a Spotify data export/],
    [
      file('daily.csv', 'Track Description,Date Played\n'),
      'youtube',
      /daily\.csv looks like an Apple Music data export/,
    ],
  ];
  for (const [input, kind, message] of cases) {
    await expect(parseExport([input], { kind }), `${input.name} as ${kind}`).rejects.toThrow(message);
  }
});

test('bad Apple Music and YouTube Music files name the file and what was expected', async () => {
  const cases: [File, 'apple' | 'youtube', RegExp][] = [
    [
      file('notes.csv', 'a,b,c\n1,2,3\n'),
      'apple',
      /notes\.csv isn't Apple Music's daily play history: it has no Track Description/,
    ],
    [file('empty.csv', ''), 'apple', /empty\.csv is empty/],
    [
      file('photos.zip', zipSync({ 'cat.jpg': strToU8('x') })),
      'apple',
      /photos\.zip holds no Apple Music play history/,
    ],
    [
      file('photos.zip', zipSync({ 'cat.jpg': strToU8('x') })),
      'youtube',
      /photos\.zip holds no YouTube watch history/,
    ],
    [
      file(
        'takeout.zip',
        zipSync({ 'Takeout/YouTube and YouTube Music/history/watch-history.html': strToU8('<html>') }),
      ),
      'youtube',
      /takeout\.zip holds the watch history as HTML/,
    ],
    [file('watch-history.html', '<html>'), 'youtube', /watch-history\.html is the HTML version/],
    [
      file('cut.json', '[{"header":"YouTube Music","time":"2026-10-01T00:00:00Z"},{"hea'),
      'youtube',
      /cut\.json is damaged: its JSON ends early/,
    ],
    [file('other.json', '{"a":1}'), 'youtube', /other\.json isn't a YouTube watch history file/],
    [file('report.pdf', '%PDF'), 'apple', /report\.pdf isn't a \.zip or \.csv file/],
  ];
  for (const [input, kind, message] of cases) {
    await expect(parseExport([input], { kind }), input.name).rejects.toThrow(message);
  }
});
