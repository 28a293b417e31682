import type { FieldValue } from './json-fields.ts';
import type { Play } from './ranking.ts';

/**
 * The two shapes of streaming history Spotify sends (docs/product.md, "The Spotify data export"):
 * Account data (`endTime`, `artistName`, `msPlayed`) and Extended (`ts`, `ms_played`,
 * `master_metadata_album_artist_name`, `incognito_mode`, `spotify_track_uri`).
 */
export type HistoryFormat = 'account' | 'extended';

/** The fields read of each entry, in the order `formatOf` and `playOf` take them. */
export const SPOTIFY_FIELDS = [
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
export function formatOf(entry: readonly FieldValue[]): HistoryFormat | null {
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

function text(value: FieldValue): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** One entry as a play; null when it is not of the file's format. */
export function playOf(entry: readonly FieldValue[], format: HistoryFormat): Play | null {
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
