/**
 * Google Takeout watch histories made to order (docs/decisions/033-apple-and-youtube-exports.md):
 * `watch-history.json`, newest entry first, one entry per play. Applying the ranking rules (plays per
 * artist over the 28 days ending at the newest entry, YouTube Music plays only, the artist from the
 * channel with " - Topic" dropped) gives exactly the artists given, best first. Around them sit the
 * entries the rules must leave out.
 */

export interface YoutubeExportOptions {
  /** Best first. Each gets fewer plays than the one before it. */
  artists: readonly string[];
  /** The newest entry. */
  newest: Date;
  /** Older entries (outside the window) are added until the file reaches about this size. */
  targetBytes?: number;
}

/** Decoys: many entries, but outside the rules, so a correct ranking never shows them. */
export const YOUTUBE_DECOYS = {
  /** A channel of plain YouTube videos (header "YouTube", www.youtube.com). */
  video: 'Weekend Vlogs',
  /** An artist's Topic channel played on plain YouTube, not YouTube Music. */
  plainYoutube: 'Played On Plain YouTube',
  old: 'Last Season Favourite',
  /**
   * Plays under a header in another language ("YouTube Música") on www.youtube.com: neither the
   * header "YouTube Music" nor a music.youtube.com address, so the rules leave them out.
   */
  localisedHeader: 'Localised Header Only',
} as const;

interface Entry {
  header: string;
  title: string;
  titleUrl?: string;
  subtitles?: { name: string; url: string }[];
  time: string;
  products: string[];
  activityControls: string[];
  description?: string;
}

const DAY_MS = 86_400_000;

function videoId(text: string): string {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return `${h.toString(36)}${(h >>> 7).toString(36)}`.padEnd(11, 'x').slice(0, 11);
}

function channelId(name: string): string {
  return `UC${videoId(`channel:${name}`)}${videoId(`more:${name}`)}`.slice(0, 24);
}

// Takeout writes the title in the listener's language; the rules never read it.
const WATCHED = ['Watched %s', 'Vous avez regardé %s', 'Has visto %s'];

function play(channel: string | null, song: string, at: number, where: 'music' | 'youtube', k = 0): Entry {
  const id = videoId(`${channel}#${song}`);
  return {
    header: where === 'music' ? 'YouTube Music' : 'YouTube',
    title: (WATCHED[k % WATCHED.length] ?? 'Watched %s').replace('%s', song),
    titleUrl: `https://${where === 'music' ? 'music' : 'www'}.youtube.com/watch?v=${id}`,
    ...(channel
      ? { subtitles: [{ name: channel, url: `https://www.youtube.com/channel/${channelId(channel)}` }] }
      : {}),
    time: new Date(at).toISOString(),
    products: ['YouTube'],
    activityControls: ['YouTube watch history'],
  };
}

/** The entries of the window: artist i gets (count - i) plays, most on its " - Topic" channel. */
function windowEntries(options: YoutubeExportOptions): Entry[] {
  const newest = options.newest.getTime();
  const entries: Entry[] = [];
  const count = options.artists.length;
  options.artists.forEach((artist, i) => {
    const n = count - i;
    for (let k = 0; k < n; k++) {
      const at = newest - 60_000 - ((k * 7919 + i * 104729) % (27 * 24 * 60)) * 60_000;
      // Every fifth play comes from the artist's own channel, named without " - Topic".
      const channel = k % 5 === 4 ? artist : `${artist} - Topic`;
      entries.push(play(channel, `${artist} Song ${k}`, at, 'music', k));
    }
  });
  entries.push(play(`${options.artists[0] ?? 'Someone'} - Topic`, 'Last Song', newest, 'music'));
  for (let k = 0; k < 300; k++) {
    const at = newest - (k + 1) * 2_000_000;
    entries.push(play(YOUTUBE_DECOYS.video, `Vlog ${k}`, at, 'youtube', k));
    entries.push(play(`${YOUTUBE_DECOYS.plainYoutube} - Topic`, `Hit ${k}`, at - 1000, 'youtube', k));
    entries.push({
      ...play(`${YOUTUBE_DECOYS.localisedHeader} - Topic`, `Canción ${k}`, at - 1500, 'youtube', 2),
      header: 'YouTube Música',
    });
    // A video since removed: no channel, so no artist.
    if (k % 3 === 0) {
      entries.push({
        header: 'YouTube Music',
        title: 'Watched a video that has been removed',
        time: new Date(at - 2000).toISOString(),
        products: ['YouTube'],
        activityControls: ['YouTube watch history'],
      });
    }
  }
  return entries;
}

/** Older entries, newest first: last season's favourite just before the window, then filler. */
function* olderEntries(options: YoutubeExportOptions, startBytes: number): Generator<Entry> {
  const windowStart = options.newest.getTime() - 28 * DAY_MS;
  for (let k = 0; k < 500; k++) {
    yield play(`${YOUTUBE_DECOYS.old} - Topic`, 'Anthem', windowStart - (k + 1) * 600_000, 'music', k);
  }
  const names = options.artists.length > 0 ? options.artists : ['Someone'];
  const filler = (k: number) =>
    play(
      `${names[k % names.length] ?? 'Someone'} - Topic`,
      `Deep Cut ${k % 40}`,
      windowStart - DAY_MS - k * 240_000,
      'music',
      k,
    );
  const size = JSON.stringify(filler(0), null, 2).length + 3;
  const count = Math.max(0, Math.ceil(((options.targetBytes ?? 0) - startBytes) / size));
  for (let k = 0; k < count; k++) yield filler(k);
}

/** `watch-history.json` as Takeout writes it (indented, newest first), in pieces. */
export function* youtubeWatchHistory(options: YoutubeExportOptions): Generator<string> {
  const recent = windowEntries(options).sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  const text = (entry: Entry) => JSON.stringify(entry, null, 2).replace(/\n/g, '\n  ');
  const recentText = recent.map(text);
  let first = true;
  let batch: string[] = [];
  const startBytes = recentText.reduce((sum, t) => sum + t.length + 4, 0);
  yield '[';
  for (const t of recentText) batch.push(t);
  for (const entry of olderEntries(options, startBytes)) {
    batch.push(text(entry));
    if (batch.length >= 5000) {
      yield `${first ? '' : ','}\n  ${batch.join(',\n  ')}`;
      first = false;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${first ? '' : ','}\n  ${batch.join(',\n  ')}`;
  yield '\n]';
}

/** `search-history.json`: the same shape, searches only. Not read by the ranking. */
export function youtubeSearchHistory(newest: Date): string {
  return JSON.stringify(
    [
      {
        header: 'YouTube Music',
        title: 'Searched for weekend vlogs',
        titleUrl: 'https://music.youtube.com/search?q=weekend+vlogs',
        time: newest.toISOString(),
        products: ['YouTube'],
        activityControls: ['YouTube search history'],
      },
    ],
    null,
    2,
  );
}
