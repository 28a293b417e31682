import { type WelcomeReply, welcomeReply } from '@heavy-rotation/contracts/replies';

export type WelcomeMessage = WelcomeReply;

/** A welcome counts only with all three parts as non-empty text (docs/product.md, "Welcome"). */
export function readWelcomeReply(body: unknown): WelcomeMessage | null {
  const parsed = welcomeReply.safeParse(body);
  return parsed.success ? parsed.data : null;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'your favourites';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The built-in welcome, used when the server fails or answers incompletely. Greets the unlocked artists it
 * is given and names no one else.
 */
export function welcomeTemplate(unlockedNames: string[], listSize: number): WelcomeMessage {
  const count = Math.min(Math.max(listSize, unlockedNames.length), 40);
  return {
    greeting:
      unlockedNames.length > 0
        ? `Hey there! ${listNames(unlockedNames.slice(0, 3))} have been keeping you company lately.`
        : `Hey there! Your top ${count} is ready.`,
    reflection: `Your top ${count} is a snapshot of the last four weeks: the artists you came back to, again and again.`,
    teaser: 'Ranks 4, 5 and 6 are out in the open. Guess the rest to unlock your whole list.',
  };
}
