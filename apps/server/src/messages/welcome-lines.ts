import { stableHash } from './normalise.ts';

export interface WelcomeMessage {
  greeting: string;
  reflection: string;
  teaser: string;
}

type Line = (v: { names: string; top: string; count: number }) => string;

const GREETINGS: Line[] = [
  (v) => `Welcome! ${v.names} lead your month.`,
  (v) => `Hey there. ${v.names}? Good company.`,
  (v) => `Look who's here: you, with ${v.names} on repeat.`,
  (v) => `Hello! Your month sounds like ${v.names}.`,
  (v) => `Welcome in. ${v.names} set the tone lately.`,
  (v) => `Hi! ${v.names} are leading the way for you.`,
  (v) => `Good to see you. ${v.names} have been busy in your headphones.`,
  (v) => `Welcome back to your own charts, starring ${v.names}.`,
  (v) => `Hey! ${v.names} top your rotation right now.`,
  (v) => `Hello, listener. ${v.names} made the biggest mark this month.`,
  (v) => `Welcome! Meet your headliners: ${v.names}.`,
  (v) => `Hi there. ${v.names} sit at the top of your list.`,
  (v) => `Welcome aboard. ${v.names} have been on heavy rotation.`,
  (v) => `Hey, you. ${v.names} are your current front row.`,
  (v) => `Hello! The last few weeks belong to ${v.names}.`,
];

const REFLECTIONS: Line[] = [
  (v) => `${v.count} artists shaped your last four weeks, with ${v.top} out in front.`,
  (v) => `Your list runs ${v.count} deep, and ${v.top} sits at number one.`,
  (v) => `${v.top} at the top, ${v.count} names in all: that's a real rotation.`,
  (v) => `From ${v.top} down to number ${v.count}, this is what you've been playing.`,
  (v) => `${v.count} artists, one listener, and ${v.top} leading the pack.`,
  (v) => `A ${v.count}-artist month, headed by ${v.top}.`,
  (v) => `${v.top} took the top spot in a list of ${v.count}.`,
  (v) => `Your ears picked ${v.count} favourites lately, ${v.top} first among them.`,
  (v) => `${v.count} artists made the cut this month; ${v.top} made it to number one.`,
  (v) => `Number one: ${v.top}. The other ${Math.max(v.count - 1, 0)} are waiting for you below.`,
  (v) => `${v.top} leads a lineup of ${v.count}. Not bad at all.`,
  (v) => `This is your month in ${v.count} artists, and it opens with ${v.top}.`,
  (v) => `${v.count} names, ranked by you, with ${v.top} on top.`,
  (v) => `Your rotation has ${v.count} regulars; ${v.top} is the most regular of all.`,
  (v) => `${v.top} first, then ${Math.max(v.count - 1, 0)} more. Your month, in order.`,
];

const TEASERS: Line[] = [
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

function pick(lines: Line[], seed: number): Line {
  return lines[seed % lines.length] ?? (lines[0] as Line);
}

/** The welcome in three parts from the ranked names only; the same list always gives the same words. */
export function templateWelcome(artists: string[]): WelcomeMessage {
  const names = artists.map((a) => a.trim().slice(0, 100)).filter((a) => a.length > 0);
  if (names.length === 0) {
    return {
      greeting: 'Welcome! Your top artists will show up here once you have listened a little more.',
      reflection: 'Nothing ranked yet: play some music and check back soon.',
      teaser: 'When your list fills up, guess your artists to unlock them.',
    };
  }
  const seed = stableHash(names.join('\n'));
  const v = { names: joinNames(names.slice(0, 3)), top: names[0] as string, count: names.length };
  return {
    greeting: pick(GREETINGS, seed)(v),
    reflection: pick(REFLECTIONS, seed >>> 8)(v),
    teaser: pick(TEASERS, seed >>> 16)(v),
  };
}
