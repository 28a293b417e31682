import { ExportProblem, WrongShape } from '../problems.ts';
import type { Play } from '../ranking.ts';
import { type FieldValue, JsonFieldReader } from '../readers/json-fields.ts';
import { jsonHistory } from '../readers/json-history.ts';
import type { ExportService, FileReader } from '../service.ts';

/**
 * Spotify's data export (docs/product.md, "The Spotify data export"): streaming history in two
 * shapes, Account data (`StreamingHistory_music_N.json`: `endTime`, `artistName`, `msPlayed`) and
 * Extended (`Streaming_History_Audio_….json`: `ts`, `ms_played`, `master_metadata_album_artist_name`,
 * `incognito_mode`, `spotify_track_uri`), about 12 MB a file; podcasts and videos in files of their own.
 */
type HistoryFormat = 'account' | 'extended';

const ACCOUNT_FILE = /(^|\/)StreamingHistory(_music)?_?\d*\.json$/i;
const EXTENDED_FILE = /(^|\/)Streaming_History_Audio_[^/]*\.json$/i;
const OTHER_HISTORY =
  /(^|\/)(StreamingHistory_?podcast|StreamingHistory_?audiobook|Streaming_History_Video)[^/]*\.json$/i;
const IDENTITY_FILE = /(^|\/)(Identity|Userdata)\.json$/i;
const MAX_IDENTITY_CHARS = 64 * 1024;

/** The fields read of each entry, in the order `formatOf` and `playOf` take them. */
const FIELDS = [
  'endTime',
  'artistName',
  'msPlayed',
  'ts',
  'ms_played',
  'master_metadata_album_artist_name',
  'incognito_mode',
  'spotify_track_uri',
] as const;

/** Which format an entry is in, or null when it is neither. */
function formatOf(entry: readonly FieldValue[]): HistoryFormat | null {
  const [endTime, artistName, msPlayed, ts, msPlayedExtended] = entry;
  if (typeof endTime === 'string' && typeof msPlayed === 'number' && artistName !== undefined)
    return 'account';
  if (typeof ts === 'string' && typeof msPlayedExtended === 'number') return 'extended';
  return null;
}

/** Account data's `endTime` is "YYYY-MM-DD HH:MM" in UTC. */
function accountTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
}

const text = (value: FieldValue) => (typeof value === 'string' ? value.trim() : '');

/** One entry as a play; null when it is not of the file's format. */
function playOf(entry: readonly FieldValue[], format: HistoryFormat): Play | null {
  if (formatOf(entry) !== format) return null;
  const [endTime, artistName, msPlayed, ts, msPlayedExtended, artist, incognito, uri] = entry;
  if (format === 'account') {
    return {
      artist: text(artistName),
      at: accountTime(endTime as string),
      ms: msPlayed as number,
      incognito: false,
      trackUri: null,
    };
  }
  const track = text(uri);
  return {
    artist: text(artist),
    at: Date.parse(ts as string),
    ms: msPlayedExtended as number,
    incognito: incognito === true,
    trackUri: track.startsWith('spotify:track:') ? track : null,
  };
}

/** A streaming history file, its format told by its first entry: every entry must be of it. */
const history: FileReader = {
  history: true,
  open(file) {
    const notHistory = () =>
      new WrongShape(
        file.name,
        'not-history-spotify',
        `${file.name} isn't a Spotify streaming history file.`,
      );
    let format: HistoryFormat | null = null;
    const reader = new JsonFieldReader(FIELDS, (entry) => {
      format ??= formatOf(entry);
      const play = format ? playOf(entry, format) : null;
      if (!play) throw notHistory();
      file.add(play);
    });
    return jsonHistory(reader, file, notHistory);
  },
};

/** A display name from Identity.json or Userdata.json, if it has one. */
function nameFrom(json: string): string | null {
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data !== 'object' || data === null) return null;
    const record = data as Record<string, unknown>;
    const name = record.displayName ?? record.username;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 80) : null;
  } catch {
    return null;
  }
}

export const spotify: ExportService<'spotify'> = {
  kind: 'spotify',
  label: 'Spotify data export',
  looks: 'a Spotify data export',
  measure: 'time',
  historyName: 'streaming history',
  nothingRead: (names) => `${names}: podcasts and videos only, no music streaming history.`,
  loose: {
    test: /\.json$/i,
    words: 'a .zip or .json file. Choose the .zip Spotify emailed you, or the .json files inside it.',
  },
  ownsPath: (path) => ACCOUNT_FILE.test(path) || EXTENDED_FILE.test(path) || OTHER_HISTORY.test(path),
  ownsText: (head) => /"(endTime|msPlayed|ms_played|master_metadata_album_artist_name)"\s*:/.test(head),
  search: (name) => `https://open.spotify.com/search/${encodeURIComponent(name)}`,
  upload: {
    id: 'spotify',
    title: 'Spotify',
    accept: '.zip,.json,application/zip,application/json',
    sample: { path: '/sample-spotify-export.zip', name: 'my_spotify_data.zip' },
  },
  start() {
    let displayName: string | null = null;
    /** Identity.json (`displayName`) or Userdata.json (`username`): the listener's name. */
    const identity: FileReader = {
      history: false,
      open() {
        let json = '';
        return {
          push(piece) {
            if (json.length < MAX_IDENTITY_CHARS) json += piece;
          },
          end() {
            displayName ??= nameFrom(json);
            return null;
          },
        };
      },
    };
    return {
      inZip(path) {
        if (OTHER_HISTORY.test(path)) return null;
        if (ACCOUNT_FILE.test(path) || EXTENDED_FILE.test(path)) return history;
        return IDENTITY_FILE.test(path) ? identity : null;
      },
      chosen: (name) => (OTHER_HISTORY.test(name) ? null : history),
      noHistory: (file) =>
        new ExportProblem(
          file,
          'no-history-spotify',
          `${file} holds no music streaming history. Spotify names it StreamingHistory_music_0.json (Account data) or Streaming_History_Audio_….json (Extended streaming history).`,
        ),
      finish: () => ({ displayName }),
    };
  },
};
