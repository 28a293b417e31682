// The consent text itself lives in @heavy-rotation/contracts, shared with the phone sheet.

/**
 * Words that stop our texts wherever a listener writes them (docs/decisions/032-sms-double-opt-in.md,
 * "STOP anywhere"): the carriers' keywords Twilio honours on a long code (STOP, STOPALL, UNSUBSCRIBE,
 * CANCEL, END, QUIT, REVOKE, OPTOUT), the FCC's examples of a reasonable way to revoke consent ("stop",
 * "quit", "end", "revoke", "opt out", "cancel", "unsubscribe"; 47 CFR 64.1200(a)(10)), and ARRET, the
 * French STOP that numbers in Canada honour.
 */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'ARRET',
]);
/** Two-word opt-outs, as written with a space or a hyphen ("opt out", "opt-out"). */
const STOP_PHRASES = ['OPT OUT'];
/** A message that is only one of these lifts a STOP: never a sentence that happens to start with one. */
const START_MESSAGES = new Set(['START', 'UNSTOP']);

/** What a reply from a phone asks of us; a stop names the word it was read from (kept with the STOP). */
export type ReplyIntent = { intent: 'stop'; keyword: string } | { intent: 'start' } | { intent: 'none' };

/**
 * Reads a reply: upper case, accents dropped (ARRÊT), anything but letters a space between words. An
 * opt-out word anywhere wins over everything else ("Yes, stop texting me" stops); only a message that
 * is just START or UNSTOP starts.
 */
export function replyIntent(body: string): ReplyIntent {
  const words = body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();
  const word = words.split(' ').find((w) => STOP_WORDS.has(w));
  if (word) return { intent: 'stop', keyword: word };
  const phrase = STOP_PHRASES.find((p) => ` ${words} `.includes(` ${p} `));
  if (phrase) return { intent: 'stop', keyword: phrase };
  return START_MESSAGES.has(words) ? { intent: 'start' } : { intent: 'none' };
}
