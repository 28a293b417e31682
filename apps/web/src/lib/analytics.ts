import { callBackend } from './backend.ts';

export type AnalyticsEvent =
  | { name: 'page_view'; path: string }
  | { name: 'sms_gate_view' }
  | { name: 'sms_phone_submitted'; phone_country: string };

/** First-party analytics: fire and forget; a lost event never bothers the listener. */
export function track(event: AnalyticsEvent): void {
  callBackend('/api/events', { body: event }).catch(() => undefined);
}
