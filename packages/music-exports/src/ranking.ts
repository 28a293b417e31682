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

/** Plays kept at first; more room is made when the window holds more. */
const FIRST_ROOM = 4096;

/**
 * Keeps only the plays that can still fall inside the window, whatever order the files come in: the
 * newest entry so far bounds it, and older plays are dropped as it moves. Plays are kept column by
 * column (times, durations, counts, and the number of their name), not as an object each: a history
 * read oldest first keeps every play for a while, and objects kept that long cost the garbage
 * collector more than the reading.
 */
export class Ranking {
  private count = 0;
  private at = new Float64Array(FIRST_ROOM);
  private ms = new Float64Array(FIRST_ROOM);
  private playCount = new Float64Array(FIRST_ROOM);
  /** The number of the play's name (`names`), and of its track URI or -1. */
  private name = new Int32Array(FIRST_ROOM);
  private track = new Int32Array(FIRST_ROOM);
  /** The names (and track URIs) the kept plays hold, each a string of its own (`own`), and their numbers. */
  private names: string[] = [];
  private numbers = new Map<string, number>();
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
    // Drop what fell out of the window once the room is full, and make more room when that freed less
    // than half: memory stays at about two windows and each play is looked at a few times at most.
    if (this.count === this.at.length) {
      this.compact();
      if (this.count * 2 > this.at.length) this.grow();
    }
    const k = this.count++;
    this.at[k] = play.at;
    this.ms[k] = play.ms;
    this.playCount[k] = play.plays ?? 1;
    this.name[k] = this.own(play.artist);
    this.track[k] = play.trackUri ? this.own(play.trackUri) : -1;
  }

  private grow(): void {
    const room = this.at.length * 2;
    const wider = <T extends Float64Array | Int32Array>(column: T): T => {
      const next = new (column.constructor as new (n: number) => T)(room);
      next.set(column);
      return next;
    };
    this.at = wider(this.at);
    this.ms = wider(this.ms);
    this.playCount = wider(this.playCount);
    this.name = wider(this.name);
    this.track = wider(this.track);
  }

  private compact(): void {
    const from = this.newest - WINDOW_MS;
    const names: string[] = [];
    const numbers = new Map<string, number>();
    const renumber = (n: number) => {
      const text = this.names[n] ?? '';
      let kept = numbers.get(text);
      if (kept === undefined) {
        kept = names.push(text) - 1;
        numbers.set(text, kept);
      }
      return kept;
    };
    let kept = 0;
    for (let k = 0; k < this.count; k++) {
      if ((this.at[k] ?? 0) <= from) continue;
      this.at[kept] = this.at[k] ?? 0;
      this.ms[kept] = this.ms[k] ?? 0;
      this.playCount[kept] = this.playCount[k] ?? 0;
      this.name[kept] = renumber(this.name[k] ?? 0);
      const track = this.track[k] ?? -1;
      this.track[kept] = track < 0 ? -1 : renumber(track);
      kept++;
    }
    this.count = kept;
    this.names = names;
    this.numbers = numbers;
  }

  /**
   * The number of a name kept as a string of its own. A name cut from a file's text may be a view into
   * the whole piece of text it was read from; kept in the window, it would keep that text alive, and
   * memory would grow with the file.
   */
  private own(name: string): number {
    let n = this.numbers.get(name);
    if (n === undefined) {
      const kept = JSON.parse(JSON.stringify(name)) as string;
      n = this.names.push(kept) - 1;
      this.numbers.set(kept, n);
    }
    return n;
  }

  /** The newest entry read (counted or not), or null when none had a time. */
  get newestEntry(): number | null {
    return Number.isFinite(this.newest) ? this.newest : null;
  }

  /** What the plays of the window name (their `artist`), each once. */
  windowNames(): Set<string> {
    const from = this.newest - WINDOW_MS;
    const names = new Set<string>();
    for (let k = 0; k < this.count; k++) {
      if ((this.at[k] ?? 0) > from) names.add(this.names[this.name[k] ?? 0] ?? '');
    }
    return names;
  }

  /** The best `size` artists; `artistOf` names the artist of what a play named (none: left out). */
  top(size = TOP_SIZE, artistOf: (name: string) => string = (name) => name): RankedArtist[] {
    const from = this.newest - WINDOW_MS;
    const named = new Map<number, string>();
    const byArtist = new Map<string, { ms: number; plays: number; tracks: Map<string, number> }>();
    for (let k = 0; k < this.count; k++) {
      if ((this.at[k] ?? 0) <= from) continue;
      const n = this.name[k] ?? 0;
      let artist = named.get(n);
      if (artist === undefined) {
        artist = artistOf(this.names[n] ?? '');
        named.set(n, artist);
      }
      if (!artist) continue;
      let totals = byArtist.get(artist);
      if (!totals) {
        totals = { ms: 0, plays: 0, tracks: new Map() };
        byArtist.set(artist, totals);
      }
      const ms = this.ms[k] ?? 0;
      totals.ms += ms;
      totals.plays += this.playCount[k] ?? 0;
      const track = this.track[k] ?? -1;
      if (track >= 0) {
        const uri = this.names[track] ?? '';
        totals.tracks.set(uri, (totals.tracks.get(uri) ?? 0) + ms);
      }
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
