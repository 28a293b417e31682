import { stringify } from 'csv-stringify/sync';
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import type { AdminEnv } from './auth.ts';

/**
 * Exports are POSTs (a GET could be started by an image or a link on any page), from the console's own
 * page: the same-origin check has run; a no-cors request is refused too, since its answer is opaque to
 * the page and only its side effects (an export, an audit entry) would be real.
 */
export const exportGuard: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.header('Sec-Fetch-Mode') === 'no-cors')
    throw new HttpError(403, 'Cross-site requests are not accepted');
  await next();
};

/**
 * A spreadsheet opens a cell starting with = + - @ as a formula: such text cells get a leading apostrophe
 * (docs/operator.md, "Subscribers"). Phone numbers are written as they are (E.164, checked when stored).
 */
export function safeCell(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV download built a page at a time, so a large table is never held whole: `page(after)` gives the
 * rows after a key, an empty page ends it.
 */
export function csvResponse<R>(
  filename: string,
  header: string[],
  page: (after: R | undefined) => Promise<{ rows: (string | number | null)[][]; last: R | undefined }>,
): Response {
  let after: R | undefined;
  let started = false;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(stringify([header])));
      }
      const next = await page(after);
      if (next.rows.length === 0) {
        controller.close();
        return;
      }
      after = next.last;
      controller.enqueue(encoder.encode(stringify(next.rows)));
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}
