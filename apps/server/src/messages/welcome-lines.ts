import type { Language } from '@heavy-rotation/contracts';
import { stableHash } from './normalise.ts';
import { type MessageTextId, messageText } from './texts.ts';

export interface WelcomeMessage {
  greeting: string;
  reflection: string;
  teaser: string;
}

/**
 * Ids of locales/, written out in full (http/texts.test.ts). What a line may use: `{names}`, the unlocked
 * names it greets, and `{count}`, the size of the whole list.
 */
type Lines = readonly [MessageTextId, ...MessageTextId[]];

// Greetings name only artists the listener has already unlocked and claim nothing about their ranks:
// a line like "X tops your list" would hand over a quiz answer (docs/decisions/009-welcome-names-unlocked-artists.md).
const GREETINGS: Lines = [
  'welcome.greeting.madeTop',
  'welcome.greeting.goodCompany',
  'welcome.greeting.lookWhosHere',
  'welcome.greeting.sounds',
  'welcome.greeting.setTone',
  'welcome.greeting.inRotation',
  'welcome.greeting.busy',
  'welcome.greeting.charts',
  'welcome.greeting.kept',
  'welcome.greeting.mark',
  'welcome.greeting.regulars',
  'welcome.greeting.onBoard',
  'welcome.greeting.aboard',
  'welcome.greeting.lineup',
  'welcome.greeting.plenty',
];

// Reflections speak of the list as a whole: its size and the time it covers, never of who leads it.
const REFLECTIONS: Lines = [
  'welcome.reflection.shaped',
  'welcome.reflection.deep',
  'welcome.reflection.realRotation',
  'welcome.reflection.rankedByPlays',
  'welcome.reflection.replays',
  'welcome.reflection.rankedByYou',
  'welcome.reflection.favourites',
  'welcome.reflection.madeTheCut',
  'welcome.reflection.cameBack',
  'welcome.reflection.monthIn',
  'welcome.reflection.order',
  'welcome.reflection.ownListening',
  'welcome.reflection.hasRegulars',
  'welcome.reflection.told',
  'welcome.reflection.everyPlay',
];

const TEASERS: Lines = [
  'welcome.teaser.mostLocked',
  'welcome.teaser.proveIt',
  'welcome.teaser.eachGuess',
  'welcome.teaser.ready',
  'welcome.teaser.howMany',
  'welcome.teaser.secrets',
  'welcome.teaser.knowYourself',
  'welcome.teaser.whoElse',
  'welcome.teaser.oneName',
  'welcome.teaser.startGuessing',
  'welcome.teaser.keys',
  'welcome.teaser.everyGuess',
  'welcome.teaser.findOut',
  'welcome.teaser.oneGuess',
  'welcome.teaser.more',
];

export const WELCOME_VARIANTS = {
  greeting: GREETINGS.length,
  reflection: REFLECTIONS.length,
  teaser: TEASERS.length,
};

/** One, two or three names as the language lists them ("A, B and C"). */
function joinNames(language: Language, [first = '', second, third]: string[]): string {
  if (second === undefined) return first;
  if (third === undefined) return messageText(language, 'welcome.names.two', { first, second });
  return messageText(language, 'welcome.names.three', { first, second, third });
}

function pick(lines: Lines, seed: number): MessageTextId {
  return lines[seed % lines.length] ?? lines[0];
}

/**
 * The welcome in three parts, in the listener's language. `unlocked` are the names the listener has already
 * unlocked, best rank first; the greeting names up to three of them and no part names or hints at anyone
 * else. `listSize` is the size of the whole list. The same input always gives the same words (the same
 * forms in every language).
 */
export function templateWelcome(
  language: Language,
  unlocked: string[],
  listSize = unlocked.length,
): WelcomeMessage {
  const names = unlocked.map((a) => a.trim().slice(0, 100)).filter((a) => a.length > 0);
  const count = Math.max(listSize, names.length);
  if (count === 0) {
    return {
      greeting: messageText(language, 'welcome.empty.greeting'),
      reflection: messageText(language, 'welcome.empty.reflection'),
      teaser: messageText(language, 'welcome.empty.teaser'),
    };
  }
  const seed = stableHash(`${names.join('\n')}\n${count}`);
  const v = { names: joinNames(language, names.slice(0, 3)), count };
  const greeting =
    names.length > 0
      ? messageText(language, pick(GREETINGS, seed), v)
      : messageText(language, 'welcome.ready', { count });
  return {
    greeting,
    reflection: messageText(language, pick(REFLECTIONS, seed >>> 8), v),
    teaser: messageText(language, pick(TEASERS, seed >>> 16), v),
  };
}
