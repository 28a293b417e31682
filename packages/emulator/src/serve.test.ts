import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const serve = fileURLToPath(new URL('./serve.ts', import.meta.url));

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', serve, ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

test('the CLI refuses a data file with an unknown field, naming it', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'emulator-cli-')), 'data.json');
  writeFileSync(path, JSON.stringify({ artists: [], listeners: [], playlists: [] }));
  const byFlag = run(['--data', path, '--port', '0']);
  expect(byFlag.status).toBe(2);
  expect(byFlag.stderr).toContain('Unknown field "playlists" in the data file');
  const byEnv = run(['--port', '0'], { EMULATOR_DATA: path });
  expect(byEnv.status).toBe(2);
});

test('the CLI refuses an unknown mode', () => {
  const result = run(['--mode', 'production', '--port', '0']);
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('--mode must be development or extended');
});

test('EMULATOR_CONTROL=off starts the emulator with every control route gone', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', serve, '--port', '0'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, EMULATOR_CONTROL: 'off' },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (found?.[1]) resolve(found[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/_emulator/reset`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}/_emulator/faults`)).status).toBe(404);
    expect((await fetch(`${url}/openai/_generator/calls`)).status).toBe(404);
  } finally {
    child.kill();
  }
}, 30_000);
