import { CsvReader, type CsvRow } from './csv-rows.ts';
import { type FieldValue, JsonFieldReader } from './json-fields.ts';
import type { Play } from './ranking.ts';

/**
 * Apple Music's daily play history and Google Takeout's watch history as plays
 * (docs/decisions/033-apple-and-youtube-exports.md).
 */

const HOUR_MS = 3_600_000;

/** The columns read from `Apple Music - Play History Daily Tracks.csv`, in this order (their slots). */
const APPLE_COLUMNS = [
  'Track Description',
  'Date Played',
  'Play Duration Milliseconds',
  'Hours',
  'Play Count',
  'Ignore For Recommendations',
] as const;
const [DESCRIPTION, DATE, DURATION, HOURS, COUNT, IGNORE] = [0, 1, 2, 3, 4, 5] as const;
/** The first three must be there. */
const APPLE_REQUIRED = 3;

/** "20261031" (or "2026-10-31") as the start of that day in UTC. */
function appleDay(date: string): number {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date.trim());
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
}

/** The last of the hours listed ("16", "18, 19"), 0 when none is. */
function lastHour(hours: string): number {
  if (hours.indexOf(',') < 0) {
    const hour = Number(hours);
    return hour >= 0 && hour <= 23 ? Math.floor(hour) : 0;
  }
  let last = 0;
  for (const part of hours.split(',')) {
    const hour = Number.parseInt(part, 10);
    if (hour >= 0 && hour <= 23 && hour > last) last = hour;
  }
  return last;
}

/** A row's last hour: one or two digits read in place, anything else as `lastHour` reads it. */
function rowHour(row: CsvRow): number {
  const hour = row.length(HOURS) <= 2 ? row.digits(HOURS) : -1;
  if (hour < 0) return lastHour(row.text(HOURS));
  return hour <= 23 ? hour : 0;
}

/** `Ignore For Recommendations` set: "true", "yes" or "1", in any case, spaces around allowed. */
function ignored(row: CsvRow): boolean {
  if (row.length(IGNORE) === 0 || row.is(IGNORE, 'false')) return false;
  return /^\s*(true|yes|1)\s*$/i.test(row.text(IGNORE));
}

/**
 * Reads the daily tracks file: one play per row, standing for the row's plays (`Play Count`). Its
 * artist is the track description until the ranking names it (`appleArtist`). Rows without a play
 * (skips only) and rows kept out of recommendations count nothing; rows under 30 s are left out by the
 * ranking. Only the description is cut out of a row as text; the rest is read in place.
 */
export function appleDailyReader(onPlay: (play: Play) => void, onMissing: () => never): CsvReader {
  // Rows come day by day: the day last read is kept rather than worked out again.
  let lastDate = -1;
  let lastDayMs = Number.NaN;
  return new CsvReader(
    APPLE_COLUMNS,
    (indexes) => {
      if (indexes.slice(0, APPLE_REQUIRED).some((i) => i < 0)) onMissing();
    },
    (row) => {
      // Apple writes "20261031": the day is worked out once for its rows, other forms row by row.
      const digits = row.length(DATE) === 8 ? row.digits(DATE) : -1;
      if (digits >= 0 && digits !== lastDate) {
        lastDate = digits;
        lastDayMs = Date.UTC(Math.floor(digits / 10000), (Math.floor(digits / 100) % 100) - 1, digits % 100);
      }
      const dayMs = digits >= 0 ? lastDayMs : appleDay(row.text(DATE));
      const plays = row.length(COUNT) === 0 ? 1 : row.number(COUNT);
      onPlay({
        artist: row.text(DESCRIPTION).trim(),
        at: dayMs + rowHour(row) * HOUR_MS,
        ms: row.number(DURATION) || 0,
        plays: Number.isFinite(plays) ? plays : 0,
        incognito: ignored(row),
        trackUri: null,
      });
    },
  );
}

/** `Apple Music Library Tracks.json`: the library's artist names, in lower case. */
export function appleLibraryReader(known: Set<string>): JsonFieldReader {
  return new JsonFieldReader(['Artist'], ([artist]) => {
    if (typeof artist === 'string' && artist.includes(' - ')) known.add(artist.trim().toLowerCase());
  });
}

/** Where " - " stands in a description. */
function dashes(description: string): number[] {
  const at: number[] = [];
  for (let i = description.indexOf(' - '); i > 0; i = description.indexOf(' - ', i + 3)) at.push(i);
  return at;
}

/** Fewer different titles than this after a longer name, and it is taken for "Title - Version". */
const MIN_TITLES = 3;

/**
 * The artist of an Apple Music track description, "Artist - Title" (docs/decisions/033-apple-and-
 * youtube-exports.md, "The artist of a track description"). Titles hold " - " far more often than
 * names ("Song - Remastered 2011"), so the artist is what comes before the first " - ", unless a
 * longer part before a later " - " is the artist: the library names it on its own, or, among the
 * descriptions of the window, everything after the shorter part goes on the same way and at least
 * three different titles follow the longer one ("Nu - Jazz Collective - Song 1", "... - Song 2", ...).
 * A description without " - " names no artist.
 */
export function appleArtist(
  known: ReadonlySet<string>,
  descriptions: Iterable<string>,
): (description: string) => string {
  // What follows each part before a " - ": the next piece, up to the next " - " or the end.
  const next = new Map<string, Set<string>>();
  for (const description of descriptions) {
    const at = dashes(description);
    at.forEach((p, k) => {
      const prefix = description.slice(0, p).toLowerCase();
      const piece = description.slice(p + 3, at[k + 1] ?? description.length).toLowerCase();
      let pieces = next.get(prefix);
      if (!pieces) {
        pieces = new Set();
        next.set(prefix, pieces);
      }
      if (pieces.size <= MIN_TITLES) pieces.add(piece);
    });
  }
  return (description) => {
    const at = dashes(description);
    const first = at[0];
    if (first === undefined) return '';
    let artist = description.slice(0, first);
    const lower = description.toLowerCase();
    for (let k = 1; k < at.length; k++) {
      const shorter = lower.slice(0, at[k - 1]);
      const longer = lower.slice(0, at[k]);
      const onlyWay = next.get(shorter)?.size === 1;
      if (known.has(longer) || (onlyWay && (next.get(longer)?.size ?? 0) >= MIN_TITLES)) {
        artist = description.slice(0, at[k]);
      } else if (!onlyWay) break;
    }
    return artist.trim();
  };
}

const TOPIC = / - Topic$/;

function isMusic(header: FieldValue, url: FieldValue): boolean {
  return (
    header === 'YouTube Music' || (typeof url === 'string' && /^https?:\/\/music\.youtube\.com\//.test(url))
  );
}

/**
 * Reads a Takeout watch history: one play per YouTube Music entry (its `header`, or a `titleUrl` on
 * music.youtube.com) of a video with a channel, the artist being the channel without " - Topic".
 * Other entries (plain YouTube, searches, removed videos) are counted as read, nothing more.
 * `onShape` is told once, on the first entry, whether it looks like a watch history entry.
 */
export function youtubeHistoryReader(
  onPlay: (play: Play) => void,
  onShape: (ok: boolean) => void,
): JsonFieldReader {
  let checked = false;
  return new JsonFieldReader(
    ['header', 'titleUrl', 'time', 'subtitles.0.name'],
    ([header, url, time, channel]) => {
      if (!checked) {
        checked = true;
        onShape(typeof header === 'string' && typeof time === 'string');
      }
      if (!isMusic(header, url) || typeof url !== 'string' || !url.includes('/watch?')) return;
      if (typeof channel !== 'string' || typeof time !== 'string') return;
      onPlay({
        artist: channel.replace(TOPIC, '').trim(),
        at: Date.parse(time),
        ms: 0,
        incognito: false,
        trackUri: null,
      });
    },
  );
}
