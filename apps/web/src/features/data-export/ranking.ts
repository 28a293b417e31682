/**
 * The Top 40 of a data export (docs/product.md, "The data exports"): over the 28 days that end at the
 * newest entry, total listening time per artist (Spotify, Apple Music; plays under 30 s, incognito plays
 * and entries without an artist left out; ties by play count, then by name) or, where an export has no
 * durations (YouTube Music), plays per artist (ties by name).
 */

export const WINDOW_MS = 28 * 24 * 60 * 60 * 1000;
const MIN_PLAY_MS = 30_000;
const TOP_SIZE = 40;

/** One play (or an Apple Music day's plays of one track), as every export is read. */
export interface Play {
  /** The artist, or what names it (an Apple Music track description) until `top` is asked. */
  artist: string;
  /** When the play ended, ms since the epoch. */
  at: number;
  ms: number;
  incognito: boolean;
  /** `spotify:track:…` when the extended history names the track. */
  trackUri: string | null;
  /** How many plays the entry stands for: 1 unless said (an Apple Music row counts its day's plays). */
  plays?: number;
}

/** What ranks: listening time, or plays where an export has no durations. */
export type Measure = 'time' | 'plays';

export interface RankedArtist {
  name: string;
  ms: number;
  plays: number;
  /** The artist's most played track in the window, when the export names it. */
  trackUri: string | null;
}

/**
 * Keeps only the plays that can still fall inside the window, whatever order the files come in: the
 * newest entry so far bounds it, and older plays are dropped as it moves.
 */
export class Ranking {
  private plays: Play[] = [];
  private nextCompact = 4096;
  /** The names (and track URIs) the window's plays hold, each kept once as a string of its own (`own`). */
  private names = new Map<string, string>();
  private newest = Number.NEGATIVE_INFINITY;
  /** Entries read, counted or not. */
  entries = 0;

  constructor(private readonly measure: Measure = 'time') {}

  add(play: Play): void {
    this.entries++;
    if (!Number.isFinite(play.at)) return;
    if (play.at > this.newest) this.newest = play.at;
    if (!play.artist || play.incognito || (play.plays ?? 1) < 1) return;
    if (this.measure === 'time' && play.ms < MIN_PLAY_MS) return;
    if (play.at <= this.newest - WINDOW_MS) return;
    play.artist = this.own(play.artist);
    if (play.trackUri) play.trackUri = this.own(play.trackUri);
    this.plays.push(play);
    // Drop what fell out of the window once the list has doubled since, so memory stays at about two
    // windows and each play is looked at a few times at most.
    if (this.plays.length >= this.nextCompact) {
      this.compact();
      this.nextCompact = Math.max(4096, this.plays.length * 2);
    }
  }

  private compact(): void {
    const from = this.newest - WINDOW_MS;
    this.plays = this.plays.filter((p) => p.at > from);
    this.names = new Map();
    for (const p of this.plays) {
      this.names.set(p.artist, p.artist);
      if (p.trackUri) this.names.set(p.trackUri, p.trackUri);
    }
  }

  /**
   * The name as a string of its own. A name cut from a file's text may be a view into the whole piece
   * of text it was read from; kept in the window, it would keep that text alive, and memory would grow
   * with the file.
   */
  private own(name: string): string {
    let kept = this.names.get(name);
    if (kept === undefined) {
      kept = JSON.parse(JSON.stringify(name)) as string;
      this.names.set(kept, kept);
    }
    return kept;
  }

  /** The newest entry read (counted or not), or null when none had a time. */
  get newestEntry(): number | null {
    return Number.isFinite(this.newest) ? this.newest : null;
  }

  /** What the plays of the window name (their `artist`), each once. */
  windowNames(): Set<string> {
    const from = this.newest - WINDOW_MS;
    const names = new Set<string>();
    for (const play of this.plays) if (play.at > from) names.add(play.artist);
    return names;
  }

  /** The best `size` artists; `artistOf` names the artist of what a play named (none: left out). */
  top(size = TOP_SIZE, artistOf: (name: string) => string = (name) => name): RankedArtist[] {
    const from = this.newest - WINDOW_MS;
    const named = new Map<string, string>();
    const byArtist = new Map<string, { ms: number; plays: number; tracks: Map<string, number> }>();
    for (const play of this.plays) {
      if (play.at <= from) continue;
      let artist = named.get(play.artist);
      if (artist === undefined) {
        artist = artistOf(play.artist);
        named.set(play.artist, artist);
      }
      if (!artist) continue;
      let totals = byArtist.get(artist);
      if (!totals) {
        totals = { ms: 0, plays: 0, tracks: new Map() };
        byArtist.set(artist, totals);
      }
      totals.ms += play.ms;
      totals.plays += play.plays ?? 1;
      if (play.trackUri) totals.tracks.set(play.trackUri, (totals.tracks.get(play.trackUri) ?? 0) + play.ms);
    }
    return [...byArtist]
      .map(([name, t]) => ({ name, ms: t.ms, plays: t.plays, trackUri: mostPlayed(t.tracks) }))
      .sort(
        (a, b) =>
          (this.measure === 'time' ? b.ms - a.ms : 0) ||
          b.plays - a.plays ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      )
      .slice(0, size);
  }
}

function mostPlayed(tracks: Map<string, number>): string | null {
  let best: string | null = null;
  let bestMs = -1;
  for (const [uri, ms] of tracks) {
    if (ms > bestMs) {
      best = uri;
      bestMs = ms;
    }
  }
  return best;
}
