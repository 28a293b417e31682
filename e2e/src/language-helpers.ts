import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PSEUDO, readCatalog } from '../../apps/web/vite/messages.ts';

/** The languages the journeys walk through besides English (packages/contracts/src/languages.ts). */
export const OTHER_LANGUAGES = ['es-419', 'pt-BR', 'fr', 'de', 'ja'] as const;

const english = readCatalog('en');

/** A catalog's text with its arguments filled (only plain `{name}` ones). */
export function text(language: string, id: string, values: Record<string, string | number> = {}): string {
  const message = readCatalog(language)[id];
  if (message === undefined) throw new Error(`No message ${id} in ${language}`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message as a pattern over a whole line: its words as they are, each argument or choice any text. */
function linePattern(message: string): RegExp | null {
  let out = '';
  let depth = 0;
  let words = '';
  for (const ch of message) {
    if (ch === '{') {
      if (depth === 0) out += '.+?';
      depth += 1;
    } else if (ch === '}') depth -= 1;
    else if (depth === 0) {
      out += escapeRegExp(ch);
      words += ch;
    }
  }
  // Too little of its own words to tell it from anything else.
  if ((words.match(/\p{L}/gu) ?? []).length < 4) return null;
  return new RegExp(`^${out.replace(/\s+/g, '\\s+')}$`, 'u');
}

/** What a listener reads and hears on the page: its lines of text, and the names of the accessibility tree. */
async function pageTexts(page: Page): Promise<string[]> {
  // The text as laid out: what is shown, line by line, not what hidden nodes hold.
  // biome-ignore lint/performance/useDomNodeTextContent: see above
  const visible = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  const tree = await page.locator('body').ariaSnapshot();
  // Names in quotes, and the text after a role (`- text: …`, `- paragraph: …`); not a link's `/url`.
  const named = tree
    .split('\n')
    .filter((line) => !/^\s*- \/\w+:/.test(line))
    .flatMap((line) => [...line.matchAll(/"((?:[^"\\]|\\.)*)"|: (.+)$/g)])
    .map((m) => (m[1] ?? m[2] ?? '').replace(/\\"/g, '"'));
  return [...visible.split('\n'), ...named].map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The lines of the page that are an English message whose translation in `language` differs, by id. */
export async function englishLeft(page: Page, language: string): Promise<string[]> {
  const own = readCatalog(language);
  const patterns = Object.entries(english).flatMap(([id, message]) => {
    if (own[id] === message) return [];
    const pattern = linePattern(message);
    return pattern ? [{ id, pattern }] : [];
  });
  const ownPatterns = Object.values(own).flatMap((message) => linePattern(message) ?? []);
  return (await pageTexts(page)).flatMap((line) => {
    const found = patterns.find((p) => p.pattern.test(line));
    return found && !ownPatterns.some((p) => p.test(line)) ? [`${found.id}: ${line}`] : [];
  });
}

/** Fails when a text of the English catalog is on the page (or in its accessibility tree). */
export async function expectNoEnglish(page: Page, language: string, where: string): Promise<void> {
  expect(await englishLeft(page, language), `English on ${where} in ${language}`).toEqual([]);
}

/**
 * Fails when the pseudo-language page shows a line of words without the pseudo-language's marks: a text
 * that did not come from a catalog. `allowed` are the lines that are data (artist names, the product's name).
 */
export async function expectAllFromCatalog(
  page: Page,
  where: string,
  allowed: readonly string[],
): Promise<void> {
  const data = [...allowed].sort((a, b) => b.length - a.length);
  const isData = (line: string) => {
    const rest = data.reduce((left, value) => left.split(value).join(' '), line);
    // What is left of data: ranks and counts, a locked name's mask (Xxxx), an avatar's initials.
    return !/\p{L}{2,}/u.test(rest) || /^[Xx\s]+$/.test(rest.trim()) || /^\p{Lu}{1,3}$/u.test(rest.trim());
  };
  const left = (await pageTexts(page)).filter((line) => !line.includes('⟦') && !isData(line));
  expect(left, `texts not from a catalog on ${where}`).toEqual([]);
}

export { PSEUDO };
