import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../../scripts/stack.ts';
import { BENCH_ENV } from './bench-stack.ts';
import { type Measure, measured, median, missing, reasonOf } from './results.ts';

const RUNS = 3;
const NAME = 'Server cold start on PGlite to /readyz (median of 3)';

/** Milliseconds from spawning the server with an empty data folder to /readyz answering 200. */
async function once(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-cold-'));
  const port = await freePort();
  // No emulator is needed: readiness is about the server and its database.
  const env = {
    ...process.env,
    ...BENCH_ENV,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SPOTIFY_CLIENT_ID: 'heavy-rotation-demo',
    SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:9',
    SPOTIFY_API_URL: 'http://127.0.0.1:9/v1',
  };
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  try {
    let lastStatus = 0;
    while (performance.now() - started < 60_000) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (res) {
        lastStatus = res.status;
        await res.arrayBuffer();
        if (res.ok) return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`/readyz not ready after 60 s (last status ${lastStatus || 'none'})`);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureColdStart(): Promise<Measure[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    try {
      times.push(await once());
    } catch (error) {
      return [missing(NAME, 'ms', reasonOf(error))];
    }
  }
  const note = `runs: ${times.map((t) => Math.round(t)).join(', ')} ms (node --import tsx, as npm start runs it)`;
  return [measured(NAME, Math.round(median(times) ?? 0), 'ms', undefined, note)];
}
