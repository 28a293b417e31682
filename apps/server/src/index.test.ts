import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', INDEX], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  return { child, output: () => log };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

test('the server migrates its database, becomes ready, and stops cleanly on SIGTERM', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-index-'));
  const { child, output } = start({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const exit = exited(child);
  let url: string | undefined;
  while (!url && child.exitCode === null) {
    url = /"url":"(http:[^"]+)"/.exec(output())?.[1];
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(url, output()).toBeDefined();
  const ready = await fetch(`${url}/readyz`);
  expect(await ready.json()).toEqual({ ok: true });
  child.kill('SIGTERM');
  expect(await exit).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

test('a bad variable stops the start with a message naming it', async () => {
  const { child, output } = start({ PORT: 'not-a-port' });
  expect(await exited(child)).toBe(1);
  expect(output()).toContain('PORT');
}, 60_000);
