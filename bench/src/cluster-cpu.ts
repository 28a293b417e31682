import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cluster } from '../../cluster/start.ts';

/**
 * Where the machine's CPU goes during a cluster run (bench/README.md, "Cluster"): each process of the
 * run by what it is, from /proc, in ticks of 10 ms.
 */
export interface Cpu {
  at: number;
  /** The whole machine's busy time, every core. */
  busy: number;
  /** Each process's time so far, and what it is. */
  pids: Map<string, { group: string; ticks: number }>;
}

/** user, system time of a process, and its parent. */
export function stat(pid: string): { ticks: number; ppid: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) };
}

/** What one of this process's children is, by its command line. */
function kind(pid: string, cluster: Cluster): string {
  const index = cluster.instances.findIndex((i) => String(i.child.pid) === pid);
  if (index >= 0) return `instance ${index + 1}`;
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (cmdline.startsWith('haproxy')) return 'HAProxy';
  if (cmdline.startsWith('redis-server')) return 'Redis';
  if (cmdline.includes('emulator/src/serve.ts')) return 'emulators';
  return 'other of the bench';
}

export function cpuNow(cluster: Cluster): Cpu {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  // user nice system idle iowait irq softirq steal (guest time is within user's): all but idle and iowait.
  const all = ticks.slice(0, 8).map(Number);
  const busy = all.reduce((a, b) => a + b, 0) - (all[3] ?? 0) - (all[4] ?? 0);
  const postmaster = readFileSync(join(cluster.pgData, 'postmaster.pid'), 'utf8').split('\n')[0];
  const pids = new Map([
    [String(process.pid), { group: 'load generator', ticks: stat(String(process.pid)).ticks }],
  ]);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const { ticks, ppid } = stat(pid);
      const group =
        pid === postmaster || String(ppid) === postmaster
          ? 'PostgreSQL'
          : ppid === process.pid
            ? kind(pid, cluster)
            : undefined;
      if (group) pids.set(pid, { group, ticks });
    } catch {
      // The process ended while we looked.
    }
  }
  return { at: performance.now(), busy, pids };
}

/**
 * CPU used between two readings, in % of one core, e.g. "machine 190 (of 200), instance 1 60, …". A process
 * that ended in between is left out, one that started counts from its start.
 */
export function cpuNote(before: Cpu, after: Cpu): string {
  const used = new Map<string, number>();
  for (const [pid, { group, ticks }] of after.pids)
    used.set(group, (used.get(group) ?? 0) + ticks - (before.pids.get(pid)?.ticks ?? 0));
  const share = (ticks: number) => Math.round((ticks * 1000) / Math.max(1, after.at - before.at));
  const machine = share(after.busy - before.busy);
  const ours = share([...used.values()].reduce((a, b) => a + b, 0));
  const named = [...used].map(([group, ticks]) => `${group} ${share(ticks)}`).join(', ');
  return `CPU in % of one core: machine ${machine} (of 200), ${named}, anything else ${machine - ours}`;
}
