import type { Cluster } from '../../cluster/start.ts';
import { type Cpu, cpuNote, cpuNow } from './cluster-cpu.ts';
import {
  commandsBetween,
  instanceMetrics,
  isCounter,
  metricSum,
  readStatements,
  redisCommands,
  resetStatements,
  type Statement,
} from './cluster-stats.ts';
import { allCalls, p99, type Tally } from './load-generator.ts';
import { atMost, type Measure, measured, missing, reasonOf } from './results.ts';

/** The cluster run's figures (bench/README.md, "Cluster"), from a run's tally and the readings around it. */

export interface Readings {
  /** pg_stat_statements since its reset (empty when just reset), or why it could not be read. */
  statements: Statement[] | string;
  redis: Map<string, number> | string;
  /** Each instance's /metrics (undefined: its build has none), or why they could not be read. */
  metrics: (Map<string, number> | undefined)[] | string;
  cpu: Cpu;
}

function attempt<T>(work: () => T): T | string {
  try {
    return work();
  } catch (error) {
    return reasonOf(error);
  }
}

/** Reads the stores' and the instances' counts; `reset` empties pg_stat_statements, else reads it. */
export async function readStores(cluster: Cluster, reset: boolean): Promise<Readings> {
  return {
    statements: attempt(() => {
      if (!reset) return readStatements(cluster);
      resetStatements(cluster);
      return [];
    }),
    redis: await redisCommands(cluster).catch(reasonOf),
    metrics: await instanceMetrics(cluster).catch(reasonOf),
    cpu: cpuNow(cluster),
  };
}

const ms = (value: number) => Math.round(value * 10) / 10;
const perSession = (n: number, sessions: number) => Math.round((n / Math.max(1, sessions)) * 100) / 100;
const statuses = (t: Tally) =>
  [...t.statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
    .join(', ');

/** A metric's growth between two readings over the instances with /metrics; undefined when none has it. */
function grown(before: Readings, after: Readings, name: string): number | undefined {
  if (typeof after.metrics === 'string' || after.metrics.every((m) => m === undefined)) return undefined;
  const then = typeof before.metrics === 'string' ? [] : before.metrics;
  return after.metrics.reduce(
    (sum, m, i) => sum + (m ? metricSum(m, name) - metricSum(then[i] ?? new Map(), name) : 0),
    0,
  );
}

function statementFigures(label: string, sessions: number, statements: Statement[] | string): Measure[] {
  const name = `${label}: PostgreSQL statements per session`;
  if (typeof statements === 'string') return [missing(name, 'count', statements)];
  const total = statements.reduce((sum, s) => sum + s.calls, 0);
  console.log('  PostgreSQL statements of the hold (calls per session, mean, text):');
  for (const s of statements.slice(0, 12))
    console.log(`    ${perSession(s.calls, sessions)}\t${ms(s.meanMs)} ms\t${s.query}`);
  const top = statements
    .slice(0, 3)
    .map((s) => `${perSession(s.calls, sessions)} × ${s.query.slice(0, 50)}… (${ms(s.meanMs)} ms)`);
  const counters = statements.filter(isCounter).reduce((sum, s) => sum + s.calls, 0);
  return [
    measured(name, perSession(total, sessions), 'count', atMost(6), `${total}; top: ${top.join('; ')}`),
    measured(
      `${label}: rate-limit counter statements per session`,
      perSession(counters, sessions),
      'count',
      atMost(0),
    ),
  ];
}

export function holdFigures(
  label: string,
  at: string,
  hold: Tally,
  before: Readings,
  after: Readings,
): Measure[] {
  const out: Measure[] = [];
  for (const [name, values] of hold.latencies)
    out.push(measured(`${label}: ${name} p99`, ms(p99(values)), 'ms', atMost(50), `${values.length} calls`));
  const examples = hold.examples.length ? `; e.g. ${hold.examples.join(', ')}` : '';
  const calls = `${at}: ${hold.sessions} sessions, ${hold.calls} calls (${statuses(hold)})${examples}`;
  out.push(measured(`${label}: errors`, hold.wrong + hold.refused, 'count', atMost(0), calls));
  out.push(...statementFigures(label, hold.sessions, after.statements));
  if (typeof before.redis === 'string' || typeof after.redis === 'string') {
    const reason = typeof after.redis === 'string' ? after.redis : String(before.redis);
    out.push(missing(`${label}: Redis commands per session`, 'count', reason));
  } else {
    const commands = commandsBetween(before.redis, after.redis);
    const total = commands.reduce((sum, [, n]) => sum + n, 0);
    const top = commands.slice(0, 4).map(([name, n]) => `${name} ${perSession(n, hold.sessions)}`);
    out.push(
      measured(
        `${label}: Redis commands per session`,
        perSession(total, hold.sessions),
        'count',
        undefined,
        `${total}; ${top.join(', ') || 'none'}`,
      ),
    );
  }
  const late = `sessions started up to ${Math.round(hold.maxLagMs)} ms late; ${cpuNote(before.cpu, after.cpu)}`;
  out.push(measured(`${label}: load generator CPU per call`, ms(hold.cpuPerCallUs), 'µs', undefined, late));
  const refusals = grown(before, after, 'rate_limit_refusals_total');
  if (refusals === undefined)
    console.log(`  /metrics: ${typeof after.metrics === 'string' ? after.metrics : 'none on this build'}`);
  else {
    // A gauge's value: its growth from nothing.
    const buffered = grown({ ...after, metrics: [] }, after, 'events_buffered');
    const events = `events buffered after it ${buffered}, dropped ${grown(before, after, 'events_dropped_total')}`;
    const missed = `counts Redis missed ${grown(before, after, 'rate_limit_store_failures_total')}`;
    out.push(
      measured(`${label}: limiter refusals (/metrics)`, refusals, 'count', undefined, `${events}; ${missed}`),
    );
  }
  return out;
}

/** Refusals by limit between two readings, e.g. "ip 1200, identity 3". */
function refusalsByLimit(before: Readings, after: Readings): string {
  if (typeof after.metrics === 'string') return '';
  const keys = new Set(after.metrics.flatMap((m) => [...(m?.keys() ?? [])]));
  return [...keys]
    .filter((k) => k.startsWith('rate_limit_refusals_total{'))
    .map((k) => `${/limit="([^"]*)"/.exec(k)?.[1] ?? k} ${grown(before, after, k)}`)
    .join(', ');
}

export function schoolFigures(
  label: string,
  at: string,
  run: Tally,
  before: Readings,
  after: Readings,
): Measure[] {
  const byLimit = refusalsByLimit(before, after);
  const share = `${Math.round((run.refused / Math.max(1, run.calls)) * 100)} % of the calls`;
  return [
    measured(
      `${label}: p99 of all calls`,
      ms(p99(allCalls(run))),
      'ms',
      undefined,
      `p99 of the calls not refused: ${ms(p99(run.answeredMs))} ms; ${at}: ${run.sessions} sessions, ${run.calls} calls (${statuses(run)})`,
    ),
    measured(
      `${label}: calls refused 429`,
      run.refused,
      'count',
      undefined,
      `${share}${byLimit ? `; by limit (/metrics): ${byLimit}` : ''}`,
    ),
    measured(
      `${label}: errors other than 429`,
      run.wrong,
      'count',
      undefined,
      run.examples.join(', ') || undefined,
    ),
  ];
}
