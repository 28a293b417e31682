// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@heavy-rotation/contracts/languages';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { compiledCatalog, LOCALES, PSEUDO, pseudoText, readCatalog } from '../../vite/messages.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const english = readCatalog('en');

/** The names of a message's arguments and the plural and select choices it offers, sorted. */
function shapeOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      found.add(`{${token.arg}}`);
      if ('cases' in token) for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the catalogs (docs/languages.md)', () => {
  it('has a part of the catalog in every language for each part in English', () => {
    const parts = readdirSync(join(LOCALES, 'en')).sort();
    for (const language of LANGUAGES) expect(readdirSync(join(LOCALES, language)).sort()).toEqual(parts);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every message of English and no other', (language) => {
    const messages = readCatalog(language);
    const missing = Object.keys(english).filter((id) => !(id in messages));
    const extra = Object.keys(messages).filter((id) => !(id in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s keeps each message’s arguments, and says something',
    (language) => {
      const messages = readCatalog(language);
      for (const [id, message] of Object.entries(messages)) {
        const source = english[id];
        if (source === undefined) continue;
        expect(shapeOf(message), `${language} ${id}`).toEqual(shapeOf(source));
        expect(message.trim().length > 0 || source.trim().length === 0, `${language} ${id} is empty`).toBe(
          true,
        );
      }
    },
  );

  it.each([...LANGUAGES, PSEUDO])('%s compiles: every message is valid ICU', (language) => {
    expect(Object.keys(compiledCatalog(language)).length).toBe(Object.keys(english).length);
  });

  it('has no message the app does not use: each id is written in a source file', () => {
    const source = sourceFiles(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english).filter((id) => !source.includes(`'${id}'`));
    expect(unused).toEqual([]);
  });

  it('the pseudo-language marks every text and makes it about 40 % longer', () => {
    expect(pseudoText('Connect Spotify')).toBe('⟦Çóññéçt Špótífý~~~~~~⟧');
    expect(pseudoText(' ')).toBe(' ');
  });
});
