import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@heavy-rotation/contracts';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every `locales/` folder of the server's domains. */
function localeDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    return name === 'locales' ? [path] : localeDirs(path);
  });
}

const read = (dir: string, language: string) =>
  JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as Record<string, string>;

describe("the server's catalogs (docs/languages.md)", () => {
  const dirs = localeDirs(SRC);
  it('exist', () => expect(dirs.length).toBeGreaterThan(0));

  it.each(dirs.map((d) => [d.slice(SRC.length)]))(
    '%s: every language has every message, and no other',
    (dir) => {
      const english = Object.keys(read(join(SRC, dir), 'en')).sort();
      for (const language of LANGUAGES) {
        const keys = Object.keys(read(join(SRC, dir), language)).sort();
        expect(keys, `${dir} ${language}`).toEqual(english);
        for (const [id, message] of Object.entries(read(join(SRC, dir), language)))
          expect(message.trim(), `${dir} ${language} ${id}`).not.toBe('');
      }
    },
  );

  it.each(dirs.map((d) => [d.slice(SRC.length)]))('%s: every message is used by its domain', (dir) => {
    const domain = join(SRC, dir, '..');
    const source = readdirSync(domain)
      .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(domain, f), 'utf8'))
      .join('\n');
    const unused = Object.keys(read(join(SRC, dir), 'en')).filter((id) => !source.includes(`'${id}'`));
    expect(unused).toEqual([]);
  });
});
