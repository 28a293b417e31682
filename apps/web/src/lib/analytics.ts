import type { AnalyticsEvent } from '@heavy-rotation/contracts';
import { afterLoad, pageSettled } from '../boot/after-load.ts';
import { sendToBackend } from './backend.ts';
import { readString, writeString } from './storage.ts';

/** Which "firsts" this device has already reported (the stats' funnel counts each once). */
const FIRSTS_KEY = 'analytics_firsts';

/** First-party analytics (docs/product.md, "Analytics events"): fire and forget; a lost event never bothers the listener. */
export function track(event: AnalyticsEvent): void {
  const send = () => sendToBackend('/api/events', { body: event }).catch(() => undefined);
  // While the page is still loading, the event waits for it (the first screen comes first).
  if (pageSettled()) send();
  else afterLoad(send);
}

/** True the first time this device reports `what`, false after (kept in local storage). */
export function firstTime(what: 'unlock' | 'share'): boolean {
  const seen = (readString(FIRSTS_KEY) ?? '').split(',');
  if (seen.includes(what)) return false;
  writeString(FIRSTS_KEY, [...seen.filter(Boolean), what].join(','));
  return true;
}
