import type { Artist } from '@heavy-rotation/spotify';

/**
 * The plays behind an artist's rank, where the source counts them (docs/product.md, "Plays"): a data
 * export (by its ranking rules) and Last.fm over the last 4 weeks, ListenBrainz over its range.
 */
type PlaysPeriod = 'last-4-weeks' | 'this-month' | 'last-month';
export interface Plays {
  count: number;
  period: PlaysPeriod;
}

/** An artist of the list, with its plays when known. Kept with the list on the device. */
export type ListedArtist = Artist & { plays?: Plays };

const PERIOD: Record<PlaysPeriod, string> = {
  'last-4-weeks': 'in the last 4 weeks',
  'this-month': 'this month',
  'last-month': 'last month',
};

/** The artist's plays, when a source gave them (and they are what they should be). */
export function playsOf(artist: Artist): Plays | null {
  const plays = (artist as ListedArtist).plays;
  if (!plays || typeof plays !== 'object') return null;
  const { count, period } = plays;
  return Number.isInteger(count) && count > 0 && period in PERIOD ? { count, period } : null;
}

/** "12 plays in the last 4 weeks", "1 play this month". */
export function playsText(plays: Plays): string {
  return `${plays.count.toLocaleString('en')} ${plays.count === 1 ? 'play' : 'plays'} ${PERIOD[plays.period]}`;
}
