import { type AnalyticsEvent, analyticsEvent as eventBody } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { readJson } from '../http/json.ts';
import type { EventLog } from './log.ts';

/** The one non-personal fact an event carries beside its name, for the console's stats. */
function detailOf(event: AnalyticsEvent): string | null {
  switch (event.name) {
    case 'sign_in':
      return event.source;
    case 'quiz_guess':
      return event.correct ? 'right' : 'wrong';
    case 'share':
      return event.first ? 'first' : 'again';
    default:
      return null;
  }
}

/**
 * POST /api/events: first-party analytics (docs/product.md, "Analytics events"). The event joins the
 * instance's buffer (./log.ts), written with the others within a second: the request writes nothing.
 */
export function eventRoutes(events: EventLog, guard: MiddlewareHandler): Hono {
  const app = new Hono();
  app.post('/', guard, async (c) => {
    const event = await readJson(c, eventBody);
    events.record({
      name: event.name,
      // A challenge link's id is its only secret: the stats learn only that one was opened.
      path: event.name === 'page_view' ? event.path.replace(/^\/c\/.*/, '/c') : null,
      phoneCountry: event.name === 'sms_phone_submitted' ? event.phone_country : null,
      detail: detailOf(event),
    });
    return c.body(null, 204);
  });
  return app;
}
