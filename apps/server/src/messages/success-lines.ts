import { normaliseArtistName, stableHash } from './normalise.ts';

// Each line speaks only of the listener's own rotation: nothing about the artist we cannot know.
type LineOf = (name: string) => string;
const LINES: readonly [LineOf, ...LineOf[]] = [
  (n) => `${n}, unlocked. You know your own rotation.`,
  (n) => `Nailed it: ${n} has been keeping you company.`,
  (n) => `${n} it is. Your ears don't lie.`,
  (n) => `Yes! ${n} earned that spot on your list.`,
  (n) => `${n} was hiding in plain sight. Not anymore.`,
  (n) => `Spot on. ${n} is part of your soundtrack.`,
  (n) => `${n}: called it. That's heavy rotation for you.`,
  (n) => `You and ${n} go way back, at least four weeks back.`,
  (n) => `${n} unlocked. Some artists just stick.`,
  (n) => `Right on cue: ${n} is in your top 40.`,
  (n) => `${n}! Your playlist history approves.`,
  (n) => `That's the one. ${n} has been on repeat.`,
  (n) => `${n} is on the board. Keep going.`,
  (n) => `Correct. ${n} clearly found a place in your week.`,
  (n) => `${n}, revealed. You know what you like.`,
  (n) => `Good ear: ${n} was right there in your list.`,
  (n) => `${n} checks out. Your taste is consistent.`,
  (n) => `Unlocked ${n}. Another one for the collection.`,
  (n) => `${n}? Absolutely. You've been listening.`,
  (n) => `Boom. ${n} joins the revealed ranks.`,
  (n) => `${n} made your list, and you remembered.`,
  (n) => `Well guessed: ${n} has been in your ears lately.`,
  (n) => `${n} unlocked. That one came easy.`,
  (n) => `Your rotation says ${n}, and so did you.`,
  (n) => `${n} is yours. On to the next.`,
  (n) => `Bang on. ${n} belongs in your top 40.`,
  (n) => `${n} found. Your memory for music is sharp.`,
  (n) => `There it is: ${n}, one of your regulars.`,
  (n) => `${n} unlocked. You clearly press play on this a lot.`,
  (n) => `Sharp guess. ${n} has been part of your month.`,
  (n) => `${n}, confirmed. Nobody knows your list like you.`,
  (n) => `In the list and now in the open: ${n}.`,
];

export const SUCCESS_LINE_COUNT = LINES.length;

/** A success line for an artist; the same name always gets the same line. */
export function templateSuccessLine(artistName: string): string {
  const name = artistName.trim().slice(0, 100) || 'That artist';
  const pick = LINES[stableHash(normaliseArtistName(name)) % LINES.length] ?? LINES[0];
  return pick(name);
}
