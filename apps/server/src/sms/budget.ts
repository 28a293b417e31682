import { HttpError } from '../http/errors.ts';
import type { TextLimits } from '../http/limits.ts';

export const PAUSED_TEXT = 'Texts are paused for now. Try again later.';

/** Who asks for a code, from where, for which number and block (the last two as keyed hashes). */
export interface CodeAsk {
  listener: string;
  address: string;
  numberKey: string;
  blockKey: string;
}

/**
 * Spends one of each budget, narrowest first, so a caller refused by their own budgets never spends
 * everybody's. Past the overall budget the answer is 503 "Texts are paused" with the wait until the
 * day's budget starts again; past any other, the usual 429 with `Retry-After`.
 */
export async function spendTextBudgets(limits: TextLimits, ask: CodeAsk): Promise<void> {
  await limits.perListenerHour.spend(ask.listener);
  await limits.perListenerDay.spend(ask.listener);
  await limits.perAddress.spend(ask.address);
  await limits.perNumber.spend(ask.numberKey);
  await limits.perBlock.spend(ask.blockKey);
  try {
    await limits.overall.spend('all');
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    throw new HttpError(503, PAUSED_TEXT, error.headers, { error: PAUSED_TEXT, reason: 'texts_paused' });
  }
}
