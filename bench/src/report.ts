import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../../scripts/stack.ts';
import { type Machine, machineLine } from './machine.ts';
import type { Figure, Goal, Unit } from './results.ts';

function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'bytes':
      return `${(value / 1000).toFixed(1)} kB`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case 'ratio':
      return `${Math.round(value * 100)} %`;
    case 'ms':
      return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
    case 'µs':
      return `${value.toFixed(2)} µs`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
    case 's':
      return `${value.toFixed(2)} s`;
    default:
      return String(value);
  }
}

function formatGoal(goal: Goal | undefined, unit: Unit): string {
  if (!goal) return '';
  return `${goal.op === '<=' ? '≤' : '≥'} ${formatValue(goal.target, unit)}`;
}

function status(f: Figure): string {
  if (f.value === null) return 'missing';
  if (f.ok === undefined) return '';
  if (f.ok) return 'met';
  const goal = f.goal as Goal;
  const gap = Math.abs(f.value - goal.target);
  return `${goal.op === '<=' ? 'over' : 'under'} by ${formatValue(gap, f.unit)}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A figure's identity across runs. */
const figureKey = (f: Pick<Figure, 'section' | 'name'>) => `${f.section}\u0000${f.name}`;

function markdownTable(figures: Figure[], previous: Map<string, Figure>): string {
  const lines = ['| Figure | Result | Goal | Status | Previous run | Note |', '|---|---|---|---|---|---|'];
  for (const f of figures) {
    const result = f.value === null ? '—' : formatValue(f.value, f.unit);
    const before = previous.get(figureKey(f));
    const last = before?.value === null || before === undefined ? '' : formatValue(before.value, before.unit);
    const note = f.note?.replace(/^missing: /, '') ?? '';
    lines.push(
      `| ${[f.name, result, formatGoal(f.goal, f.unit), status(f), last, note].map(cell).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** The results table, each figure beside its goal and its value in the previous run (when known). */
export function resultsBlock(
  figures: Figure[],
  machine: Machine,
  seconds: number,
  previous: Figure[] = [],
): string {
  return [
    `Ran on ${machineLine(machine)}; the run took ${Math.round(seconds)} s.`,
    '',
    markdownTable(figures, new Map(previous.map((f) => [figureKey(f), f]))),
  ].join('\n');
}

const START = '<!-- results:start -->';
const END = '<!-- results:end -->';

/**
 * Replaces the results between the README's markers, leaving the rest of the page alone, and formats the
 * page as the repository's formatter would (it aligns markdown tables), so `npm run lint` stays clean.
 * Returns the block as it now stands in the README, or undefined when the markers are missing.
 */
export async function updateReadme(path: string, block: string): Promise<string | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return undefined;
  await writeFile(path, `${text.slice(0, from + START.length)}\n${block}\n${text.slice(to)}`);
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', path], { stdio: 'ignore' });
  } catch {
    return block;
  }
  const formatted = await readFile(path, 'utf8');
  return formatted.slice(formatted.indexOf(START) + START.length, formatted.indexOf(END)).trim();
}
