import type { Language } from '@heavy-rotation/contracts';
import { normaliseArtistName, stableHash } from './normalise.ts';
import { type MessageTextId, messageText } from './texts.ts';

// Each line speaks only of the listener's own rotation: nothing about the artist we cannot know.
// Ids of locales/, written out in full (http/texts.test.ts); each has `{name}`.
const LINES: readonly [MessageTextId, ...MessageTextId[]] = [
  'success.unlocked',
  'success.nailedIt',
  'success.earsDontLie',
  'success.earnedSpot',
  'success.plainSight',
  'success.soundtrack',
  'success.calledIt',
  'success.wayBack',
  'success.stick',
  'success.onCue',
  'success.historyApproves',
  'success.onRepeat',
  'success.onTheBoard',
  'success.yourWeek',
  'success.revealed',
  'success.goodEar',
  'success.consistent',
  'success.collection',
  'success.listening',
  'success.boom',
  'success.remembered',
  'success.wellGuessed',
  'success.cameEasy',
  'success.soDidYou',
  'success.yours',
  'success.bangOn',
  'success.sharpMemory',
  'success.regulars',
  'success.pressPlay',
  'success.sharpGuess',
  'success.confirmed',
  'success.inTheOpen',
];

export const SUCCESS_LINE_COUNT = LINES.length;

/**
 * A success line for an artist in the listener's language; the same name always gets the same line (the
 * same form in every language, so a listener who switches sees the same line translated).
 */
export function templateSuccessLine(language: Language, artistName: string): string {
  const name = artistName.trim().slice(0, 100) || messageText(language, 'success.someone');
  const pick = LINES[stableHash(normaliseArtistName(name)) % LINES.length] ?? LINES[0];
  return messageText(language, pick, { name });
}
