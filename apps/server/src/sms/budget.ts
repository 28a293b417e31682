import type { Language } from '@heavy-rotation/contracts';
import { HttpError } from '../http/errors.ts';
import type { TextLimits } from '../http/limits.ts';
import { smsText } from './texts.ts';

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
export async function spendTextBudgets(limits: TextLimits, ask: CodeAsk, language: Language): Promise<void> {
  await limits.perListenerHour.spend(ask.listener);
  await limits.perListenerDay.spend(ask.listener);
  await limits.perAddress.spend(ask.address);
  await limits.perNumber.spend(ask.numberKey);
  await limits.perBlock.spend(ask.blockKey);
  try {
    await limits.overall.spend('all');
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    const text = smsText(language, 'sms.paused');
    throw new HttpError(503, text, error.headers, { error: text, reason: 'texts_paused' });
  }
}
