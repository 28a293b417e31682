import { cpus, release, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  date: string;
}

export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpu: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${process.platform} ${release()}`,
    date: new Date().toISOString(),
  };
}

export function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node.replace(/^v/, '')}, ${m.os}, ${m.date.slice(0, 16).replace('T', ' ')} UTC`;
}
