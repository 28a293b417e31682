import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_NODE_FLAGS } from '../../scripts/stack.ts';
import { BENCH_ENV } from './bench-stack.ts';
import { atMost, type Measure, measured, median, missing, reasonOf, runs } from './results.ts';

const RUNS = runs(3);
const NAME = 'Server cold start on PGlite to /readyz (median of 3)';
const NAME_WARM = 'Server start with an existing PGlite database (median of 3)';

/** Milliseconds from spawning the server on `dataDir` to /readyz answering 200. */
async function once(dataDir: string): Promise<number> {
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
    EMULATOR_URL: 'http://127.0.0.1:9',
  };
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/index.js'], {
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
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      // SIGTERM: the server closes its database cleanly, so the next start can reuse it.
      child.kill('SIGTERM');
    });
  }
}

/**
 * The data folders of the starts: beside the repository's own `.data` (where `npm start` keeps its
 * database), not in the system's temporary folder, and removed only by `removeColdStartFolders` at the
 * end of the bench. On ext4 without a journal (the bench machine's disk), a file created within about
 * 30 s of others being deleted nearby costs the kernel a walk over the freed inodes it will not reuse yet:
 * a start that followed the removal of the previous start's database (about 1,100 files), or of the
 * build's or the tests' folders in the temporary folder, took up to three times as long (bench/README.md).
 * A first start on a machine follows no such removal.
 */
const FOLDERS = join(ROOT, 'bench/.tmp');
const dataDirs: string[] = [];

async function newDataDir(): Promise<string> {
  await mkdir(FOLDERS, { recursive: true });
  const dir = await mkdtemp(join(FOLDERS, 'cold-start-'));
  dataDirs.push(dir);
  return dir;
}

export async function removeColdStartFolders(): Promise<void> {
  await Promise.all(dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

async function series(fresh: boolean): Promise<number[]> {
  const times: number[] = [];
  // A reused folder is created by one start that is not counted.
  const reused = fresh ? undefined : await newDataDir();
  if (reused) await once(reused);
  for (let i = 0; i < RUNS; i++) times.push(await once(reused ?? (await newDataDir())));
  return times;
}

export async function measureColdStart(): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const [name, fresh, goal] of [
    [NAME, true, 1500],
    [NAME_WARM, false, 500],
  ] as const) {
    try {
      const times = await series(fresh);
      const note = `runs: ${times.map((t) => Math.round(t)).join(', ')} ms (the built server, as npm start runs it)`;
      out.push(measured(name, Math.round(median(times) ?? 0), 'ms', atMost(goal), note));
    } catch (error) {
      out.push(missing(name, 'ms', reasonOf(error), atMost(goal)));
    }
  }
  return out;
}
