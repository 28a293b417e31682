import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, release, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  chromium: string;
  lighthouse: string;
  date: string;
}

function chromiumVersion(): string {
  try {
    const out = execFileSync('/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    return /[\d.]+/.exec(out.toString())?.[0] ?? 'unknown';
  } catch {
    return 'missing';
  }
}

function lighthouseVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('lighthouse/package.json') as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpu: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${process.platform} ${release()}`,
    chromium: chromiumVersion(),
    lighthouse: lighthouseVersion(),
    date: new Date().toISOString(),
  };
}

export function machineLine(m: Machine): string {
  const date = `${m.date.slice(0, 16).replace('T', ' ')} UTC`;
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node.replace(/^v/, '')}, ${m.os}, Chromium ${m.chromium}, Lighthouse ${m.lighthouse}, ${date}`;
}
