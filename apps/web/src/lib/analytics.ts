import type { AnalyticsEvent } from '@heavy-rotation/contracts';
import { sendToBackend } from './backend.ts';

/** First-party analytics (docs/product.md, "Analytics events"): fire and forget; a lost event never bothers the listener. */
export function track(event: AnalyticsEvent): void {
  sendToBackend('/api/events', { body: event }).catch(() => undefined);
}
