/**
 * Spotify data exports made to order, for demo mode's sample, the journeys and the bench. The artists
 * come out ranked exactly in the order given (best first) once the ranking rules are applied: longest
 * listening in the 28 days ending at the newest entry. Around them sit the entries the rules must leave
 * out: plays under 30 s, incognito plays, plays older than the window, podcasts and videos.
 */

export type ExportFormat = 'account' | 'extended';

export interface ExportOptions {
  format: ExportFormat;
  /** Best first. Each gets less listening than the one before it. */
  artists: readonly string[];
  /** The newest entry of the history. */
  newest: Date;
  /** Older plays (outside the window) are added until the history files reach about this size. */
  targetBytes?: number;
  /** Display name written to Identity.json (Account data only). */
  displayName?: string;
}

export interface ExportFile {
  name: string;
  text: string;
}

const DAY_MS = 86_400_000;
/** Spotify splits its history into files of about this many entries. */
const ENTRIES_PER_FILE = 10_000;
/** Decoys: huge but outside the rules, so a correct ranking never shows them. */
export const DECOY_ARTISTS = {
  skipped: 'Skipped Through Everything',
  incognito: 'Private Session Star',
  old: 'Last Season Favourite',
} as const;

interface RawPlay {
  artist: string | null;
  track: string;
  at: number;
  ms: number;
  incognito?: boolean;
  podcast?: boolean;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function accountTime(at: number): string {
  const d = new Date(at);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function trackId(artist: string, n: number): string {
  let h = 2166136261;
  for (const c of `${artist}#${n}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return `${h.toString(36)}${(h * 31).toString(36)}`.padEnd(22, '0').slice(0, 22);
}

function entry(play: RawPlay, format: ExportFormat): object {
  if (format === 'account') {
    return {
      endTime: accountTime(play.at),
      artistName: play.artist ?? '',
      trackName: play.track,
      msPlayed: play.ms,
    };
  }
  return {
    ts: new Date(play.at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    platform: 'android',
    ms_played: play.ms,
    conn_country: 'GB',
    master_metadata_track_name: play.podcast ? null : play.track,
    master_metadata_album_artist_name: play.artist,
    master_metadata_album_album_name: play.podcast ? null : `${play.artist} (Album)`,
    spotify_track_uri: play.podcast || !play.artist ? null : `spotify:track:${trackId(play.artist, play.ms)}`,
    episode_name: play.podcast ? play.track : null,
    episode_show_name: play.podcast ? 'The Daily Show' : null,
    reason_start: 'trackdone',
    reason_end: 'trackdone',
    shuffle: false,
    skipped: play.ms < 30_000,
    offline: false,
    incognito_mode: play.incognito === true,
  };
}

/** The plays of the window: artist i gets (count - i) plays of 3 minutes, spread over the 28 days. */
function windowPlays(options: ExportOptions): RawPlay[] {
  const newest = options.newest.getTime();
  const plays: RawPlay[] = [];
  const count = options.artists.length;
  options.artists.forEach((artist, i) => {
    const n = count - i;
    for (let k = 0; k < n; k++) {
      const at = newest - Math.floor(((k * 7919 + i * 104729) % (27 * 24 * 60)) * 60_000) - 60_000;
      plays.push({ artist, track: `${artist} Song ${k % 5}`, at, ms: 180_000 });
    }
  });
  // The newest entry is the top artist's last play.
  plays.push({ artist: options.artists[0] ?? 'Someone', track: 'Last Song', at: newest, ms: 180_000 });
  // Decoys: many skips, incognito listening (extended only marks it), and a favourite of last season.
  for (let k = 0; k < 400; k++) {
    plays.push({
      artist: DECOY_ARTISTS.skipped,
      track: 'Skip',
      at: newest - (k + 1) * 3_000_000,
      ms: 29_999,
    });
  }
  if (options.format === 'extended') {
    for (let k = 0; k < 200; k++) {
      plays.push({
        artist: DECOY_ARTISTS.incognito,
        track: 'Secret',
        at: newest - (k + 1) * 4_000_000,
        ms: 240_000,
        incognito: true,
      });
      plays.push({
        artist: null,
        track: `Episode ${k}`,
        at: newest - (k + 1) * 5_000_000,
        ms: 1_800_000,
        podcast: true,
      });
    }
  }
  return plays;
}

/**
 * Older plays, before the window and oldest first: filler up to the size asked, then the favourite of
 * last season just before the window opens.
 */
function* olderPlays(options: ExportOptions, startBytes: number): Generator<RawPlay> {
  const windowStart = options.newest.getTime() - 28 * DAY_MS;
  const names = options.artists.length > 0 ? options.artists : ['Someone'];
  const filler = (k: number): RawPlay => {
    const artist = names[k % names.length] ?? 'Someone';
    return { artist, track: `${artist} Deep Cut`, at: windowStart - DAY_MS - k * 120_000, ms: 200_000 };
  };
  const size = JSON.stringify(entry(filler(0), options.format)).length + 2;
  const count = Math.max(0, Math.ceil(((options.targetBytes ?? 0) - startBytes) / size));
  for (let k = count - 1; k >= 0; k--) yield filler(k);
  for (let k = 499; k >= 0; k--) {
    yield { artist: DECOY_ARTISTS.old, track: 'Anthem', at: windowStart - (k + 1) * 600_000, ms: 300_000 };
  }
}

function historyName(format: ExportFormat, index: number): string {
  return format === 'account'
    ? `StreamingHistory_music_${index}.json`
    : `Streaming_History_Audio_2025-2026_${index}.json`;
}

/**
 * The history files, oldest first, split like Spotify splits them, plus the files an export also holds
 * that are not music history (a podcast history, Identity.json).
 */
export function* generateExport(options: ExportOptions): Generator<ExportFile> {
  const recent = windowPlays(options).sort((a, b) => a.at - b.at);
  const recentBytes = recent.length * 120;
  let batch: string[] = [];
  let index = 0;
  const flush = () => {
    const file = { name: historyName(options.format, index++), text: `[\n${batch.join(',\n')}\n]` };
    batch = [];
    return file;
  };
  const add = (play: RawPlay) => {
    batch.push(JSON.stringify(entry(play, options.format)));
    return batch.length >= ENTRIES_PER_FILE;
  };
  for (const play of olderPlays(options, recentBytes)) if (add(play)) yield flush();
  for (const play of recent) if (add(play)) yield flush();
  if (batch.length > 0) yield flush();
  if (options.format === 'account') {
    const at = options.newest.getTime() - DAY_MS;
    yield {
      name: 'StreamingHistory_podcast_0.json',
      text: JSON.stringify([
        {
          endTime: accountTime(at),
          podcastName: 'The Daily Show',
          episodeName: 'Today',
          msPlayed: 1_800_000,
        },
      ]),
    };
    yield {
      name: 'Identity.json',
      text: JSON.stringify({ displayName: options.displayName ?? 'Sample Listener' }),
    };
  } else {
    yield {
      name: 'Streaming_History_Video_2025-2026.json',
      text: JSON.stringify([
        entry(
          { artist: 'Video Only Artist', track: 'Clip', at: options.newest.getTime(), ms: 600_000 },
          'extended',
        ),
      ]),
    };
  }
}
