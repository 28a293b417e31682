import type { Artist } from '@heavy-rotation/spotify';
import { t } from '../i18n/i18n.ts';

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

const PERIOD: Record<PlaysPeriod, (count: number) => string> = {
  'last-4-weeks': (count) => t('artist.plays.last4Weeks', { count }),
  'this-month': (count) => t('artist.plays.thisMonth', { count }),
  'last-month': (count) => t('artist.plays.lastMonth', { count }),
};

/** The artist's plays, when a source gave them (and they are what they should be). */
export function playsOf(artist: Artist): Plays | null {
  const plays = (artist as ListedArtist).plays;
  if (!plays || typeof plays !== 'object') return null;
  const { count, period } = plays;
  return Number.isInteger(count) && count > 0 && period in PERIOD ? { count, period } : null;
}

/** "12 plays in the last 4 weeks", "1 play this month": the count as the listener's language writes it. */
export function playsText(plays: Plays): string {
  return PERIOD[plays.period](plays.count);
}
