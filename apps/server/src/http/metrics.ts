import type { Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/client.ts';
import type { Env } from '../env.ts';
import { sameSecret } from './identity.ts';

/**
 * What operators see of a running instance (docs/deploy.md, "Metrics"): requests and their latency per
 * route, the database pool, limiter refusals, outside services' calls and the event buffer. One registry
 * per app, so tests may build several apps in one process.
 */
export function createMetrics() {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, with their time to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused (429) by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const storeFailures = new Counter({
    name: 'rate_limit_store_failures_total',
    help: 'Counts Redis could not take in time, counted in memory instead, by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const upstream = new Counter({
    name: 'upstream_requests_total',
    help: 'Calls to outside services, by service and outcome (2xx, 4xx, 5xx, error)',
    labelNames: ['service', 'outcome'] as const,
    registers: [registry],
  });
  const eventsWritten = new Counter({
    name: 'events_written_total',
    help: 'Analytics events written to the database',
    registers: [registry],
  });
  const eventsDropped = new Counter({
    name: 'events_dropped_total',
    help: 'Analytics events let go because the buffer was full while the database was away',
    registers: [registry],
  });
  let eventsWaiting: (() => number) | undefined;
  new Gauge({
    name: 'events_buffered',
    help: 'Analytics events waiting to be written',
    registers: [registry],
    // Read when scraped: a request that adds an event does no metrics work for it.
    collect() {
      if (eventsWaiting) this.set(eventsWaiting());
    },
  });
  let poolState: (() => PoolState) | undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (in_use, idle), and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    // Read when scraped; the embedded database has no pool and shows none.
    collect() {
      if (!poolState) return;
      const { total, idle, waiting } = poolState();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  return {
    registry,
    limiter: {
      refused: (name: string) => refusals.inc({ limit: name }),
      storeFailed: (name: string) => storeFailures.inc({ limit: name }),
    },
    upstream: (service: string, outcome: string) => upstream.inc({ service, outcome }),
    events: {
      written: (n: number) => eventsWritten.inc(n),
      dropped: (n: number) => eventsDropped.inc(n),
    },
    /** Reads how many events wait to be written each time the metrics are scraped. */
    watchEvents(waiting: () => number) {
      eventsWaiting = waiting;
    },
    /** Reads the pool's state each time the metrics are scraped. */
    watchPool(state: () => PoolState) {
      poolState = state;
    },
    /** The pipeline's first middleware: times every request under its route's pattern. */
    timing(): MiddlewareHandler {
      return async (c, next) => {
        const stop = requests.startTimer();
        await next();
        // After next(), the route index is the handler's that answered: its pattern, never the raw path.
        stop({ method: c.req.method, route: routePath(c), status: String(c.res.status) });
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a bearer token; 404
 * when METRICS_TOKEN is unset, so the endpoint does not exist for anyone.
 */
export function mountMetrics(app: Hono, env: Pick<Env, 'METRICS_TOKEN'>, metrics: Metrics): void {
  const token = env.METRICS_TOKEN;
  app.get('/metrics', async (c) => {
    if (!token) return c.json({ error: 'Not found' }, 404);
    const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!sameSecret(given, token))
      return c.json({ error: 'Metrics need the operator token' }, 401, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
    });
  });
}
