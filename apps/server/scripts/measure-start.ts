/**
 * Time from process start to /readyz answering 200, on the embedded database.
 * Usage: node --import tsx apps/server/scripts/measure-start.ts [runs]
 * The first run creates the database in a fresh folder; the others reopen it (the usual case).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INDEX = fileURLToPath(new URL('../src/index.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function timeOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', INDEX], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return Math.round(ms);
}

const runs = Number(process.argv[2] ?? 5);
const dataDir = await mkdtemp(join(tmpdir(), 'hr-start-'));
const first = await timeOnce(dataDir);
const warm: number[] = [];
for (let i = 0; i < runs; i++) warm.push(await timeOnce(dataDir));
await rm(dataDir, { recursive: true, force: true });
const sorted = [...warm].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    firstStartMs: first,
    warmStartMs: warm,
    warmMedianMs: sorted[Math.floor(sorted.length / 2)],
  }),
);
