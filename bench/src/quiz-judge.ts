import { pathToFileURL } from 'node:url';
import { ROOT } from '../../scripts/stack.ts';
import { type Measure, measured, median, missing } from './results.ts';

type JudgeGuess = (guess: string, names: readonly string[]) => unknown;

const NAME = 'Quiz: judge one guess against 40 names';
const NAME_FIRST = 'Quiz: first guess against a new list of 40 names';

/** Guesses as listeners type them: exact, sloppy, with a typo, and misses. */
function guessesFor(names: string[]): string[] {
  const guesses: string[] = [];
  for (const name of names) {
    guesses.push(name.toLowerCase(), name.replace(/^the\s+/i, '').replace(/[^\p{L}\p{N}]/gu, ''));
    if (name.length > 5) guesses.push(name.slice(0, 2) + name.slice(3)); // one letter dropped
  }
  guesses.push('nobody at all', 'zzzzzz', 'the beatles and friends', 'x');
  return guesses;
}

function perGuessMicros(
  judge: JudgeGuess,
  names: readonly string[],
  guesses: string[],
  rounds: number,
): number {
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const guess of guesses) judge(guess, names);
  return Number(process.hrtime.bigint() - start) / 1000 / (rounds * guesses.length);
}

/** µs per guess: median of 7 batches after a warm-up, the list prepared once as the quiz does. */
export async function measureJudge(names: string[]): Promise<Measure[]> {
  let judge: JudgeGuess | undefined;
  try {
    const mod = (await import(pathToFileURL(`${ROOT}/packages/contracts/src/judge.ts`).href)) as {
      judgeGuess?: unknown;
    };
    if (typeof mod.judgeGuess === 'function') judge = mod.judgeGuess as JudgeGuess;
  } catch {
    // Not there yet.
  }
  if (!judge) return [missing(NAME, 'µs', 'packages/contracts/src/judge.ts exports no judgeGuess')];
  if (names.length < 40) return [missing(NAME, 'µs', `only ${names.length} names from the emulator`)];
  const list = Object.freeze([...names]);
  const guesses = guessesFor(names);
  perGuessMicros(judge, list, guesses, 200);
  const batches = Array.from({ length: 7 }, () => perGuessMicros(judge, list, guesses, 300));
  // A fresh array each time defeats any per-list memo: the cost of the first guess on a new list.
  const first = Array.from({ length: 7 }, () => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) judge('nobody at all', [...names]);
    return Number(process.hrtime.bigint() - start) / 1000 / 200;
  });
  const round = (n: number | undefined) => Math.round((n ?? 0) * 100) / 100;
  return [
    measured(
      NAME,
      round(median(batches)),
      'µs',
      undefined,
      `${guesses.length} different guesses × 300, median of 7`,
    ),
    measured(NAME_FIRST, round(median(first)), 'µs', undefined, 'includes preparing the 40 names'),
  ];
}
