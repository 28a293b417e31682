import { BUILT_IN_MESSAGES } from './built-in-messages.ts';

const ENTRIES = Object.entries(BUILT_IN_MESSAGES);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Containment counts whole words only, so "Queen" lends nothing to "Christine and the Queens".
function containsWords(text: string, part: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(part)}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}

/** The built-in line for an artist: exact name first (any case), then a name containing a key or inside one. */
export function builtInMessage(artistName: string): string | null {
  const name = artistName.trim().toLowerCase();
  if (!name) return null;
  if (Object.hasOwn(BUILT_IN_MESSAGES, name)) return BUILT_IN_MESSAGES[name] ?? null;
  for (const [key, message] of ENTRIES) {
    if (containsWords(name, key) || containsWords(key, name)) return message;
  }
  return null;
}
