/** One figure of the benchmark; `value: null` means it could not be measured (see `note`). */
export interface Figure {
  section: string;
  name: string;
  value: number | null;
  unit: Unit;
  goal?: Goal;
  /** Whether the goal is met; absent when there is no goal or no value. */
  ok?: boolean;
  note?: string;
}

export type Unit = 'bytes' | 'ms' | 's' | 'µs' | 'score' | 'req/s' | 'ratio' | 'count' | 'MB' | '';

export interface Goal {
  op: '<=' | '>=';
  target: number;
}

/** What a section hands back before the run adds the section name and the goal check. */
export type Measure = Omit<Figure, 'section' | 'ok'>;

export function measured(name: string, value: number, unit: Unit, goal?: Goal, note?: string): Measure {
  return { name, value, unit, ...(goal ? { goal } : {}), ...(note ? { note } : {}) };
}

export function missing(name: string, unit: Unit, reason: string, goal?: Goal): Measure {
  return { name, value: null, unit, ...(goal ? { goal } : {}), note: `missing: ${reason}` };
}

export const atMost = (target: number): Goal => ({ op: '<=', target });
export const atLeast = (target: number): Goal => ({ op: '>=', target });

export function checkGoal(figure: Measure): boolean | undefined {
  if (!figure.goal || figure.value === null) return undefined;
  return figure.goal.op === '<=' ? figure.value <= figure.goal.target : figure.value >= figure.goal.target;
}

export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/** A short, single-line reason for a failure (no stack, no secrets: errors here carry URLs at most). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 160) ?? 'unknown error';
}

/** Rejects when `work` takes longer than `ms`, so one stuck part cannot eat the whole run's budget. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `--quick`: every part once, briefly, to prove the bench still runs (CI); figures are not kept. A full run
 * measures each as documented in the README.
 */
export const QUICK = process.argv.includes('--quick');

/** How many runs a part makes: its full count, or one in a quick run. */
export function runs(full: number): number {
  return QUICK ? 1 : full;
}
