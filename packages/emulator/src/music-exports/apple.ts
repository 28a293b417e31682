/**
 * Apple Music data copies made to order (docs/decisions/033-apple-and-youtube-exports.md): the
 * `Apple Music - Play History Daily Tracks.csv` Apple puts in `Apple_Media_Services.zip`, one row per
 * track and day. Applying the ranking rules (listening time per artist over the 28 days ending at the
 * newest row; skips, rows under 30 s and rows kept out of recommendations left out) gives exactly the
 * artists given, best first. Around them sit the rows the rules must leave out.
 */

export interface AppleExportOptions {
  /** Best first. Each gets less listening than the one before it. Names may contain " - ". */
  artists: readonly string[];
  /** The newest row's day and hour. */
  newest: Date;
  /** Older rows (outside the window) are added until the CSV reaches about this size. */
  targetBytes?: number;
}

/** Decoys: much listening, but outside the rules, so a correct ranking never shows them. */
export const APPLE_DECOYS = {
  skipped: 'Skipped Every Time',
  short: 'Thirty Second Previews',
  hidden: 'Kept Out Of Recommendations',
  old: 'Last Season Favourite',
} as const;

/** The columns of the daily tracks file, in Apple's order. */
export const APPLE_DAILY_COLUMNS = [
  'Country',
  'Track Identifier',
  'Media type',
  'Date Played',
  'Hours',
  'Play Duration Milliseconds',
  'End Reason Type',
  'Source Type',
  'Play Count',
  'Skip Count',
  'Ignore For Recommendations',
  'Track Reference',
  'Track Description',
] as const;

interface Row {
  artist: string;
  title: string;
  /** Day and last hour of the row (on the hour). */
  at: number;
  /** The hours listed, when more than the last. */
  hours?: number[];
  ms: number;
  plays: number;
  skips: number;
  ignore?: boolean;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function day(at: number): string {
  const d = new Date(at);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

function trackId(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return 1_000_000_000 + (h % 900_000_000);
}

/** A CSV field, quoted when it holds a comma, a quote or a line break, as Apple's files do. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function line(row: Row): string {
  const description = `${row.artist} - ${row.title}`;
  const id = trackId(description);
  return [
    'GB',
    id,
    'AUDIO',
    day(row.at),
    (row.hours ?? [new Date(row.at).getUTCHours()]).join(', '),
    row.ms,
    row.skips > 0 && row.plays === 0 ? 'TRACK_SKIPPED_FORWARDS' : 'NATURAL_END_OF_TRACK',
    'IPHONE',
    row.plays,
    row.skips,
    row.ignore ? 'true' : 'false',
    id,
    description,
  ]
    .map(field)
    .join(',');
}

/** The rows of the window: artist i gets (count - i) plays of 3 minutes, a row per track and day. */
function windowRows(options: AppleExportOptions): Row[] {
  const newest = Math.floor(options.newest.getTime() / HOUR_MS) * HOUR_MS;
  const lastHour = options.newest.getUTCHours();
  const rows: Row[] = [];
  const count = options.artists.length;
  options.artists.forEach((artist, i) => {
    const n = count - i;
    for (let k = 0; k < n; k++) {
      // Days 1..26 before the newest: never the newest day, so the top artist's last row stays newest.
      const daysBack = 1 + ((k * 7 + i * 3) % 26);
      const hour = (k * 5 + i) % 24;
      const at = newest - daysBack * DAY_MS - lastHour * HOUR_MS + hour * HOUR_MS;
      // Some titles carry " - " themselves, as remasters and live takes do.
      const title = k % 4 === 3 ? `Song ${k} - Remastered 2011` : `Song ${k}`;
      rows.push({ artist, title, at, ms: 180_000, plays: 1, skips: 0 });
    }
  });
  rows.push({
    artist: options.artists[0] ?? 'Someone',
    title: 'Last Song',
    at: newest,
    hours: lastHour > 0 ? [lastHour - 1, lastHour] : [lastHour],
    ms: 0,
    plays: 0,
    skips: 1,
  });
  // The newest row counts nothing (a skip), so it moves the window without changing the order.
  for (let k = 0; k < 300; k++) {
    const at = newest - (1 + (k % 25)) * DAY_MS;
    rows.push({ artist: APPLE_DECOYS.skipped, title: `Skip ${k}`, at, ms: 4_000, plays: 0, skips: 3 });
    rows.push({ artist: APPLE_DECOYS.short, title: `Preview ${k}`, at, ms: 29_999, plays: 1, skips: 0 });
    rows.push({
      artist: APPLE_DECOYS.hidden,
      title: `Lullaby ${k}`,
      at,
      ms: 1_800_000,
      plays: 10,
      skips: 0,
      ignore: true,
    });
  }
  return rows;
}

/** Older rows, oldest first: filler up to the size asked, then last season's favourite. */
function* olderRows(options: AppleExportOptions, startBytes: number): Generator<Row> {
  const windowStart = Math.floor(options.newest.getTime() / HOUR_MS) * HOUR_MS - 28 * DAY_MS;
  const names = options.artists.length > 0 ? options.artists : ['Someone'];
  const filler = (k: number): Row => ({
    artist: names[k % names.length] ?? 'Someone',
    title: `Deep Cut ${k % 50}`,
    at: windowStart - DAY_MS - Math.floor(k / 40) * HOUR_MS,
    ms: 200_000,
    plays: 1,
    skips: 0,
  });
  const size = line(filler(0)).length + 2;
  const count = Math.max(0, Math.ceil(((options.targetBytes ?? 0) - startBytes) / size));
  for (let k = count - 1; k >= 0; k--) yield filler(k);
  for (let k = 99; k >= 0; k--) {
    yield {
      artist: APPLE_DECOYS.old,
      title: 'Anthem',
      at: windowStart - DAY_MS - (k + 1) * HOUR_MS,
      ms: 9_000_000,
      plays: 50,
      skips: 0,
    };
  }
}

/** The daily tracks CSV, oldest row first, in pieces (join them, or stream them into a zip). */
export function* appleDailyTracks(options: AppleExportOptions): Generator<string> {
  const recent = windowRows(options).sort((a, b) => a.at - b.at);
  const recentBytes = recent.length * 110;
  yield `${APPLE_DAILY_COLUMNS.join(',')}\r\n`;
  let batch: string[] = [];
  for (const row of olderRows(options, recentBytes)) {
    batch.push(line(row));
    if (batch.length >= 5000) {
      yield `${batch.join('\r\n')}\r\n`;
      batch = [];
    }
  }
  for (const row of recent) batch.push(line(row));
  yield `${batch.join('\r\n')}\r\n`;
}

/**
 * `Apple Music Library Tracks.json`: the listener's library, naming each track's artist on its own. The
 * artists whose names contain " - " are told apart by it.
 */
export function appleLibraryTracks(artists: readonly string[]): string {
  return JSON.stringify(
    artists.flatMap((artist) =>
      [0, 1].map((k) => ({
        'Content Type': 'Song',
        'Track Identifier': trackId(`${artist}#${k}`),
        Title: `Song ${k}`,
        Artist: artist,
        'Album Artist': artist,
        Album: `${artist} (Album)`,
        'Track Play Count': 3,
      })),
    ),
  );
}

/** `Apple Music Play Activity.csv`: per-play events without an artist column; not read by the ranking. */
export function applePlayActivity(): string {
  return [
    'Event Start Timestamp,Event End Timestamp,Song Name,Album Name,Play Duration Milliseconds,End Reason Type',
    '2026-10-01T10:00:00.000Z,2026-10-01T10:03:00.000Z,Anthem,Anthem (Album),180000,NATURAL_END_OF_TRACK',
  ].join('\r\n');
}
