import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { gzipBombResponse, isBombSize } from '../gzip-bomb.ts';
import { asRecord } from '../validate.ts';

/** A fault the next matching calls get: a Last.fm error code (with HTTP 200 or a status), or a status. */
export interface SourceFault {
  /** A Last.fm method (`user.getTopArtists`) or a ListenBrainz path prefix (`/1/stats`); any when absent. */
  match?: string;
  /** Last.fm error code in the body. */
  error?: number;
  status?: ContentfulStatusCode;
  /** Seconds, for 429 answers. */
  retryAfter?: number;
  /** Wait this long before answering (then the error or status, or the ordinary answer). */
  delayMs?: number;
  /** Answer with gzip that unpacks to this many bytes (`gzip-bomb.ts`) instead. */
  gzipBomb?: number;
  times: number;
}

/** The fault's gzip bomb, when it is one. */
export const bombOf = (fault: SourceFault | undefined): Response | undefined =>
  fault?.gzipBomb ? gzipBombResponse(fault.gzipBomb) : undefined;

/** Waits out a fault's delay, if it has one. */
export async function delayOf(fault: SourceFault | undefined): Promise<void> {
  if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
}

export function takeFault(faults: SourceFault[], key: string): SourceFault | undefined {
  const index = faults.findIndex((f) => f.match === undefined || key.startsWith(f.match));
  const fault = faults[index];
  if (!fault) return undefined;
  if (fault.times !== -1 && --fault.times <= 0) faults.splice(index, 1);
  return fault;
}

const STATUSES = [400, 401, 403, 404, 429, 500, 502, 503, 504] as const satisfies ContentfulStatusCode[];

function statusOf(value: unknown): ContentfulStatusCode | undefined {
  return STATUSES.find((s) => s === value);
}

/** Reads a fault from a control call's JSON body, or says what is wrong with it. */
function readFault(body: unknown): SourceFault | string {
  const b = asRecord(body);
  if (!b) return 'body must be a JSON object';
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (b.match !== undefined && typeof b.match !== 'string') return 'match must be a string';
  if (b.error !== undefined && !int(b.error)) return 'error must be an integer';
  const status = statusOf(b.status);
  if (b.status !== undefined && status === undefined) return 'status must be an HTTP status 400-599';
  if (b.delayMs !== undefined && !(int(b.delayMs) && b.delayMs >= 0 && b.delayMs <= 120_000))
    return 'delayMs must be an integer 0-120000';
  if (b.gzipBomb !== undefined && !isBombSize(b.gzipBomb)) return 'gzipBomb must be a number of bytes';
  if (b.error === undefined && b.status === undefined && b.delayMs === undefined && b.gzipBomb === undefined)
    return 'give error, status, delayMs or gzipBomb';
  const times = b.times ?? 1;
  if (!(int(times) && (times >= 1 || times === -1))) return 'times must be >= 1 or -1';
  return {
    ...(typeof b.match === 'string' ? { match: b.match } : {}),
    ...(int(b.error) ? { error: b.error } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(int(b.retryAfter) ? { retryAfter: b.retryAfter } : {}),
    ...(int(b.delayMs) ? { delayMs: b.delayMs } : {}),
    ...(isBombSize(b.gzipBomb) ? { gzipBomb: b.gzipBomb } : {}),
    times,
  };
}

/** The controls both local services share: `POST|DELETE /_control/faults` and `GET /_control/calls`. */
export function faultControls(
  app: Hono,
  state: { faults: SourceFault[]; calls: Record<string, number> },
): void {
  app.post('/_control/faults', async (c) => {
    const fault = readFault(await c.req.json().catch(() => null));
    if (typeof fault === 'string') return c.json({ error: fault }, 400);
    state.faults.push(fault);
    return c.json({ faults: state.faults }, 201);
  });
  app.delete('/_control/faults', (c) => {
    state.faults.length = 0;
    return c.body(null, 204);
  });
  app.get('/_control/calls', (c) => c.json({ calls: state.calls }));
}
