import { stableHash } from './normalise.ts';

export interface WelcomeMessage {
  greeting: string;
  reflection: string;
  teaser: string;
}

/** What a welcome line may use: the unlocked names it greets, and the size of the whole list. */
type Line = (v: { names: string; count: number }) => string;

// Greetings name only artists the listener has already unlocked and claim nothing about their ranks:
// a line like "X tops your list" would hand over a quiz answer (docs/decisions/009-welcome-names-unlocked-artists.md).
const GREETINGS: [Line, ...Line[]] = [
  (v) => `Welcome! ${v.names} made your top ${v.count}.`,
  (v) => `Hey there. ${v.names}? Good company.`,
  (v) => `Look who's here: you, with ${v.names} on repeat.`,
  (v) => `Hello! Your month sounds a lot like ${v.names}.`,
  (v) => `Welcome in. ${v.names} helped set the tone lately.`,
  (v) => `Hi! ${v.names} are in your rotation right now.`,
  (v) => `Good to see you. ${v.names} have been busy in your headphones.`,
  (v) => `Welcome to your own charts, featuring ${v.names}.`,
  (v) => `Hey! ${v.names} kept showing up in your month.`,
  (v) => `Hello, listener. ${v.names} made their mark this month.`,
  (v) => `Welcome! A few of your regulars: ${v.names}.`,
  (v) => `Hi there. ${v.names} are already on the board.`,
  (v) => `Welcome aboard. ${v.names} have been on heavy rotation.`,
  (v) => `Hey, you. ${v.names} are part of your current lineup.`,
  (v) => `Hello! The last few weeks had plenty of ${v.names}.`,
];

// Reflections speak of the list as a whole: its size and the time it covers, never of who leads it.
const REFLECTIONS: [Line, ...Line[]] = [
  (v) => `${v.count} artists shaped your last four weeks.`,
  (v) => `Your list runs ${v.count} deep, every one of them earned by your plays.`,
  (v) => `${v.count} names in all: that's a real rotation.`,
  (v) => `Four weeks, ${v.count} artists, all ranked by what you played most.`,
  (v) => `${v.count} artists, one listener, and a month of replays.`,
  (v) => `A ${v.count}-artist month, ranked by you.`,
  (v) => `Your ears picked ${v.count} favourites lately.`,
  (v) => `${v.count} artists made the cut this month.`,
  (v) => `Your top ${v.count}: the artists you came back to again and again.`,
  (v) => `This is your month in ${v.count} artists.`,
  (v) => `${v.count} regulars, in the order you played them.`,
  (v) => `${v.count} names, ranked by your own listening.`,
  (v) => `Your rotation has ${v.count} regulars this month.`,
  (v) => `The last four weeks, told in ${v.count} artists.`,
  (v) => `${v.count} artists, counted from every play of the last four weeks.`,
];

const TEASERS: [Line, ...Line[]] = [
  () => 'Most of your list is locked. Guess them to reveal the rest.',
  () => 'Think you know the rest of your list? Prove it.',
  () => 'The rest are hidden. Each right guess unlocks one.',
  () => 'Ready for the quiz? Name your artists to unlock them.',
  () => 'Some ranks are locked. How many can you name?',
  () => 'Your list has secrets. Guess an artist to open one up.',
  () => "Locked ranks are waiting. Let's see how well you know yourself.",
  () => 'Guess who else made your list.',
  () => 'Play the quiz and unlock your list one name at a time.',
  () => 'Who else is in there? Start guessing.',
  () => 'The rest of your list is behind a lock. You hold the keys.',
  () => 'Every correct guess reveals another rank.',
  () => 'How well do you know your own rotation? Find out.',
  () => 'Unlock your list, one guess at a time.',
  () => 'There is more to your month. Guess to reveal it.',
];

export const WELCOME_VARIANTS = {
  greeting: GREETINGS.length,
  reflection: REFLECTIONS.length,
  teaser: TEASERS.length,
};

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function pick(lines: readonly [Line, ...Line[]], seed: number): Line {
  return lines[seed % lines.length] ?? lines[0];
}

/**
 * The welcome in three parts. `unlocked` are the names the listener has already unlocked, best rank first;
 * the greeting names up to three of them and no part names or hints at anyone else. `listSize` is the size
 * of the whole list. The same input always gives the same words.
 */
export function templateWelcome(unlocked: string[], listSize = unlocked.length): WelcomeMessage {
  const names = unlocked.map((a) => a.trim().slice(0, 100)).filter((a) => a.length > 0);
  const count = Math.max(listSize, names.length);
  if (count === 0) {
    return {
      greeting: 'Welcome! Your top artists will show up here once you have listened a little more.',
      reflection: 'Nothing ranked yet: play some music and check back soon.',
      teaser: 'When your list fills up, guess your artists to unlock them.',
    };
  }
  const seed = stableHash(`${names.join('\n')}\n${count}`);
  const v = { names: joinNames(names.slice(0, 3)), count };
  const greeting =
    names.length > 0 ? pick(GREETINGS, seed)(v) : `Welcome! Your top ${count} is ready for you.`;
  return {
    greeting,
    reflection: pick(REFLECTIONS, seed >>> 8)(v),
    teaser: pick(TEASERS, seed >>> 16)(v),
  };
}
