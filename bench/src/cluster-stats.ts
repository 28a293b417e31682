import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Cluster } from '../../cluster/start.ts';

/**
 * What a cluster run cost its stores (bench/README.md, "Cluster"): PostgreSQL's statements
 * (pg_stat_statements, preloaded by cluster/start.ts), Redis's commands (INFO commandstats), and each
 * instance's own figures (GET /metrics, when its build has it).
 */

/** psql of Debian's newest PostgreSQL (cluster/start.ts runs that one). */
function psql(url: string, sql: string): string {
  const version = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0];
  const bin = join('/usr/lib/postgresql', version ?? '15', 'bin', 'psql');
  return execFileSync(bin, ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], {
    stdio: 'pipe',
  }).toString();
}

export interface Statement {
  query: string;
  calls: number;
  meanMs: number;
}

/** pg_stat_statements in the cluster's database, emptied: what runs next is counted from zero. */
export function resetStatements(cluster: Cluster): void {
  psql(cluster.databaseUrl, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  psql(cluster.databaseUrl, 'SELECT pg_stat_statements_reset()');
}

/** The statements run since the reset (ours aside), most called first; the text cut to 100 characters. */
export function readStatements(cluster: Cluster): Statement[] {
  const json = psql(
    cluster.databaseUrl,
    `SELECT coalesce(json_agg(s ORDER BY s.calls DESC), '[]') FROM (
       SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query, sum(calls)::bigint AS calls,
              sum(total_exec_time) / sum(calls) AS mean_ms
       FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%' GROUP BY 1) s`,
  );
  return (JSON.parse(json) as { query: string; calls: number; mean_ms: number }[]).map((s) => ({
    query: s.query,
    calls: Number(s.calls),
    meanMs: s.mean_ms,
  }));
}

/** A statement that keeps a rate-limit counter (the rate_limit table of the builds before Redis). */
export const isCounter = (s: Statement) => /rate_limit|rlflx/i.test(s.query);

/** One inline command's bulk-string reply (INFO's), over a socket of its own. */
function redisBulk(url: string, command: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${command}\r\n`));
    let reply = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error('Redis did not answer')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      reply += chunk;
      const head = /^\$(\d+)\r\n/.exec(reply);
      if (reply.startsWith('-')) reject(new Error(`Redis: ${reply.trim()}`));
      else if (!head || reply.length < head[0].length + Number(head[1])) return;
      else resolve(reply.slice(head[0].length, head[0].length + Number(head[1])));
      socket.end();
    });
  });
}

/** Calls of each Redis command so far (INFO commandstats), INFO itself aside. */
export async function redisCommands(cluster: Cluster): Promise<Map<string, number>> {
  const text = await redisBulk(cluster.redisUrl, 'INFO commandstats');
  const out = new Map<string, number>();
  for (const [, name, calls] of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (name && name !== 'info') out.set(name, Number(calls));
  return out;
}

/** The commands run between two readings, most called first. */
export function commandsBetween(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([name, calls]): [string, number] => [name, calls - (before.get(name) ?? 0)])
    .filter(([, calls]) => calls > 0)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * Each instance's /metrics, as sums by metric name and label set (`name` or `name{labels}`), histogram
 * buckets aside; undefined for an instance whose build has no /metrics.
 */
export async function instanceMetrics(cluster: Cluster): Promise<(Map<string, number> | undefined)[]> {
  return Promise.all(
    cluster.instances.map(async (instance) => {
      const res = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
        headers: { authorization: `Bearer ${cluster.metricsToken}` },
      });
      const text = await res.text();
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
      // A build without /metrics may answer with its web app's page.
      if (!/^# (HELP|TYPE) /m.test(text)) return undefined;
      const out = new Map<string, number>();
      for (const line of text.split('\n')) {
        const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? ([^ ]+)/.exec(line);
        if (!match?.[1] || match[1].endsWith('_bucket')) continue;
        const key = `${match[1]}${match[2] ?? ''}`;
        out.set(key, (out.get(key) ?? 0) + Number(match[3]));
      }
      return out;
    }),
  );
}

/** The sum over label sets of one metric (`name` and every `name{…}`); 0 before its first count. */
export function metricSum(metrics: Map<string, number>, name: string): number {
  let sum = 0;
  for (const [key, value] of metrics) if (key === name || key.startsWith(`${name}{`)) sum += value;
  return sum;
}
