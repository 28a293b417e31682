import type { Language } from '@heavy-rotation/contracts';

// The consent text itself lives in @heavy-rotation/contracts (CONSENTS), shared with the phone sheet.

/**
 * Words that stop our texts wherever a listener writes them (docs/decisions/032-sms-double-opt-in.md,
 * "STOP anywhere"), in every language we speak (docs/languages.md, "Consent texts"): a number may
 * reply in any of them, whatever language its sheet spoke. English: the carriers' keywords Twilio
 * honours on a long code (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT) and the FCC's
 * examples of a reasonable way to revoke consent ("stop", "quit", "end", "revoke", "opt out", "cancel",
 * "unsubscribe"; 47 CFR 64.1200(a)(10)); French: ARRET, which numbers in Canada honour. Written as a
 * listener would; they are read folded (no accents, upper case), as replies are.
 */
const STOP_WORDS: Record<Language, readonly string[]> = {
  en: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT'],
  'es-419': ['BAJA', 'CANCELAR', 'ALTO', 'DESUSCRIBIR'],
  'pt-BR': ['SAIR', 'PARAR', 'CANCELAR'],
  fr: ['ARRÊT', 'DÉSABONNER', 'DÉSINSCRIRE'],
  de: ['STOPP', 'ABMELDEN', 'ABBESTELLEN'],
  // Japanese runs words together: these are found anywhere in a reply, longest first.
  ja: ['配信停止', '配信解除', '停止', 'ストップ'],
};
/** A message that is only one of these lifts a STOP: never a sentence that happens to start with one. */
const START_MESSAGES = new Set(['START', 'UNSTOP']);

/** Upper case, accents dropped (ARRÊT), anything but letters a space between words. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

// Each word folded, with the word as listed (kept with the STOP: "ARRÊT", "ストップ").
const stopWords = new Map(
  Object.values(STOP_WORDS).flatMap((words) => words.map((w) => [fold(w), w] as const)),
);
/** Words of scripts written without spaces: found inside a run of letters. */
const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const folded = [...stopWords.keys()];
const joinedWords = folded.filter((w) => JOINED.test(w)).sort((a, b) => b.length - a.length);
const spacedWords = folded.filter((w) => !JOINED.test(w));

/** What a reply from a phone asks of us; a stop names the word it was read from (kept with the STOP). */
export type ReplyIntent = { intent: 'stop'; keyword: string } | { intent: 'start' } | { intent: 'none' };

/**
 * Reads a reply, folded. An opt-out word anywhere wins over everything else ("Yes, stop texting me"
 * stops, so does "Arrêt" or "配信停止してください"); only a message that is just START or UNSTOP starts.
 */
export function replyIntent(body: string): ReplyIntent {
  const words = fold(body);
  const found =
    spacedWords.find((w) => ` ${words} `.includes(` ${w} `)) ?? joinedWords.find((w) => words.includes(w));
  if (found) return { intent: 'stop', keyword: stopWords.get(found) ?? found };
  return START_MESSAGES.has(words) ? { intent: 'start' } : { intent: 'none' };
}
