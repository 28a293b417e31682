import { type WelcomeReply, welcomeReply } from '@heavy-rotation/contracts/replies';
import { t } from '../../i18n/i18n.ts';

export type WelcomeMessage = WelcomeReply;

/** A welcome counts only with all three parts as non-empty text (docs/product.md, "Welcome"). */
export function readWelcomeReply(body: unknown): WelcomeMessage | null {
  const parsed = welcomeReply.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** One, two or three names as the listener's language lists them ("A, B and C"). */
function listNames([first = '', second, third]: string[]): string {
  if (second === undefined) return first;
  if (third === undefined) return t('messages.welcome.names.two', { first, second });
  return t('messages.welcome.names.three', { first, second, third });
}

/**
 * The built-in welcome, used when the server fails or answers incompletely. Greets the unlocked artists it
 * is given and names no one else.
 */
export function welcomeTemplate(unlockedNames: string[], listSize: number): WelcomeMessage {
  const count = Math.min(Math.max(listSize, unlockedNames.length), 40);
  const named = unlockedNames.slice(0, 3);
  return {
    greeting:
      named.length > 0
        ? t('messages.welcome.greeting.named', { names: listNames(named), named: named.length })
        : t('messages.welcome.greeting.ready', { count }),
    reflection: t('messages.welcome.reflection', { count }),
    teaser: t('messages.welcome.teaser'),
  };
}
