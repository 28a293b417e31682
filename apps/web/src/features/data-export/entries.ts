import type { Play } from './ranking.ts';

/**
 * The two shapes of streaming history Spotify sends (docs/product.md, "The Spotify data export"):
 * Account data (`endTime`, `artistName`, `msPlayed`) and Extended (`ts`, `ms_played`,
 * `master_metadata_album_artist_name`, `incognito_mode`, `spotify_track_uri`).
 */
export type HistoryFormat = 'account' | 'extended';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Which format an entry is in, or null when it is neither. */
export function formatOf(value: unknown): HistoryFormat | null {
  const entry = record(value);
  if (!entry) return null;
  if (typeof entry.endTime === 'string' && typeof entry.msPlayed === 'number' && 'artistName' in entry) {
    return 'account';
  }
  if (typeof entry.ts === 'string' && typeof entry.ms_played === 'number') return 'extended';
  return null;
}

/** Account data's `endTime` is "YYYY-MM-DD HH:MM" in UTC. */
function accountTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** One entry as a play; null when it is not of the file's format. */
export function playOf(value: unknown, format: HistoryFormat): Play | null {
  const entry = record(value);
  if (!entry || formatOf(entry) !== format) return null;
  if (format === 'account') {
    return {
      artist: text(entry.artistName),
      at: accountTime(entry.endTime as string),
      ms: entry.msPlayed as number,
      incognito: false,
      trackUri: null,
    };
  }
  const uri = text(entry.spotify_track_uri);
  return {
    artist: text(entry.master_metadata_album_artist_name),
    at: Date.parse(entry.ts as string),
    ms: entry.ms_played as number,
    incognito: entry.incognito_mode === true,
    trackUri: uri.startsWith('spotify:track:') ? uri : null,
  };
}
