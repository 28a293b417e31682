import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startStack } from '../../scripts/stack.ts';

/**
 * Limits raised for the benchmark: the load test sends tens of thousands of requests a minute from one
 * address and one listener, which the production defaults (rightly) refuse.
 */
export const BENCH_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_IP_PER_MINUTE: '1000000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000000',
  LLM_DAILY_CAP: '1000000000',
};

export interface BenchStack {
  url: string;
  emulatorUrl: string;
  /** The server's process id, to read its memory; undefined if it could not be found. */
  serverPid: number | undefined;
  stop(): Promise<void>;
}

/** Server + emulator on free ports with a fresh embedded database, as `npm start` runs them. */
export async function startBenchStack(env: Record<string, string> = {}): Promise<BenchStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-bench-'));
  const stack = await startStack({
    port: await freePort(),
    emulatorPort: await freePort(),
    env: { DATA_DIR: dataDir, ...BENCH_ENV, ...env, SPOTIFY_CLIENT_ID: '' },
  });
  return {
    url: stack.url,
    emulatorUrl: stack.emulatorUrl ?? '',
    // The built server when it is fresh (as npm start runs it), else the sources through tsx.
    serverPid: await findChild(/apps\/server\/(dist\/index\.js|src\/index\.ts)/),
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The pid of this process's child running `script` (scripts/stack.ts does not expose its children). */
async function findChild(script: RegExp): Promise<number | undefined> {
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may itself contain spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (script.test(cmdline)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function rssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}
