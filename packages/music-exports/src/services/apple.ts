import { ExportProblem, WrongShape } from '../problems.ts';
import type { Play } from '../ranking.ts';
import { CsvReader, type CsvRow, CsvShapeError } from '../readers/csv-rows.ts';
import { JsonFieldReader } from '../readers/json-fields.ts';
import { orPassedOver } from '../readers/json-history.ts';
import type { ExportService, FileReader } from '../service.ts';

/**
 * Apple Music's data copy (docs/decisions/033-apple-and-youtube-exports.md, "The Apple Music data
 * copy"): `Apple Music - Play History Daily Tracks.csv`, one row per track and day, inside
 * `Apple_Media_Services.zip`, itself inside the zip Apple hands over; and the library,
 * `Apple Music Library Tracks.json`, naming each track's artist on its own.
 */

const DAILY_FILE = /(^|\/)Apple Music - Play History Daily Tracks\.csv$/i;
const LIBRARY_FILE = /(^|\/)Apple Music Library Tracks\.json$/i;
const HOUR_MS = 3_600_000;

/** The columns read, in this order (their slots); the first three must be there. */
const COLUMNS = [
  'Track Description',
  'Date Played',
  'Play Duration Milliseconds',
  'Hours',
  'Play Count',
  'Ignore For Recommendations',
] as const;
const [DESCRIPTION, DATE, DURATION, HOURS, COUNT, IGNORE] = [0, 1, 2, 3, 4, 5] as const;
const REQUIRED = 3;

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
 * The daily tracks file: one play per row, standing for the row's plays (`Play Count`), its artist the
 * track description until the ranking names it (`appleArtist`). Rows without a play (skips only) and
 * rows kept out of recommendations count nothing; rows under 30 s are left out by the ranking. Only
 * the description is cut out of a row as text; the rest is read in place.
 */
function dailyRows(onPlay: (play: Play) => void, onMissing: () => never): CsvReader {
  // Rows come day by day: the day last read is kept rather than worked out again.
  let lastDate = -1;
  let lastDayMs = Number.NaN;
  return new CsvReader(
    COLUMNS,
    (indexes) => {
      if (indexes.slice(0, REQUIRED).some((i) => i < 0)) onMissing();
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

const daily: FileReader = {
  history: true,
  open(file) {
    const reader = dailyRows(
      (play) => file.add(play),
      () => {
        throw new WrongShape(
          file.name,
          'not-history-apple',
          `${file.name} isn't Apple Music's daily play history: it has no Track Description, Date Played and Play Duration Milliseconds columns.`,
        );
      },
    );
    let final = false;
    const push = (text: string) => {
      try {
        reader.push(text, final);
      } catch (error) {
        if (error instanceof CsvShapeError)
          throw new ExportProblem(file.name, 'damaged-csv', `${file.name} is damaged: its CSV is malformed.`);
        throw error;
      }
    };
    return {
      push,
      end() {
        final = true;
        push('');
        if (!reader.header) throw new ExportProblem(file.name, 'empty', `${file.name} is empty.`);
        if (reader.rows === 0 && file.alone)
          throw new ExportProblem(file.name, 'no-plays', `${file.name} has no plays in it.`);
        return reader.rows;
      },
    };
  },
};

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

export const apple: ExportService<'apple'> = {
  kind: 'apple',
  label: 'Apple Music data export',
  looks: 'an Apple Music data export',
  measure: 'time',
  historyName: 'play history',
  nothingRead: (names, files) => `${names}: no play history in ${files > 1 ? 'these files' : 'this file'}.`,
  loose: {
    test: /\.(csv|json)$/i,
    words:
      'a .zip or .csv file. Choose the .zip Apple sent you, or "Apple Music - Play History Daily Tracks.csv" inside it.',
  },
  ownsPath: (path) => /Apple_Media_Services|(^|\/)Apple Music/i.test(path) || /\.csv$/i.test(path),
  ownsText: (head) => /Track Description|Play Duration Milliseconds|Track Identifier/.test(head),
  search: (name) => `https://music.apple.com/search?term=${encodeURIComponent(name)}`,
  upload: {
    id: 'apple-music',
    title: 'Apple Music',
    accept: '.zip,.csv,application/zip,text/csv',
    sample: {
      path: '/sample-apple-music-export.zip',
      name: 'Apple Media Services information.zip',
    },
  },
  start() {
    /** Artists named on their own by the library (only those with " - " in their names), in lower case. */
    const known = new Set<string>();
    /** The library is optional: one that can't be read is let be. */
    const library: FileReader = {
      history: false,
      open() {
        const reader = new JsonFieldReader(['Artist'], ([artist]) => {
          if (typeof artist === 'string' && artist.includes(' - ')) known.add(artist.trim().toLowerCase());
        });
        return orPassedOver({ push: (text) => reader.push(text), end: () => null });
      },
    };
    /** Any other JSON chosen here: what its text looks like, or what this input takes. */
    const notOurs: FileReader = {
      history: true,
      open: (file) => ({
        push() {
          throw new WrongShape(file.name, 'wrong-file-apple', `${file.name} isn't ${apple.loose.words}`);
        },
        end: () => null,
      }),
    };
    return {
      inZip: (path) => (DAILY_FILE.test(path) ? daily : LIBRARY_FILE.test(path) ? library : null),
      chosen: (name) => (!/\.json$/i.test(name) ? daily : LIBRARY_FILE.test(name) ? library : notOurs),
      noHistory: (file) =>
        new ExportProblem(
          file,
          'no-history-apple',
          `${file} holds no Apple Music play history. Apple names it "Apple Music - Play History Daily Tracks.csv", inside Apple_Media_Services.zip.`,
        ),
      finish: (windowNames) => ({ displayName: null, artistOf: appleArtist(known, windowNames()) }),
    };
  },
};
