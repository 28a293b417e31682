import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** Where each language's catalog lives: one JSON file per part of the app, `<id>: <ICU message>`. */
export const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));

/**
 * The pseudo-language (docs/languages.md, "The pseudo-language"): English with every
 * letter accented and each message about 40 % longer, so a text not taken from a catalog stands out and a
 * screen that cannot take German's length shows it. Selected only by its cookie; never in the menu.
 */
export const PSEUDO = 'en-XA';
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'aeiouyAEIOUYcCnNsSzZ'].map((ch, i) => [ch, [...'áéíóúýÁÉÍÓÚÝçÇñÑšŠžŽ'][i] ?? ch]),
);
export function pseudoText(text: string): string {
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join('');
  const pad = '~'.repeat(Math.ceil(text.length * 0.4));
  return text.trim() ? `⟦${accented}${pad}⟧` : text;
}

/** A language's messages as the catalog files write them, every part merged; a key written twice fails. */
export function readCatalog(language: string): Record<string, string> {
  const dir = join(LOCALES, language);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const part = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
    for (const [id, message] of Object.entries(part)) {
      if (id in messages) throw new Error(`${language}/${file}: ${id} is in another file of the catalog too`);
      messages[id] = message;
    }
  }
  return messages;
}

/** A language's catalog compiled for the runtime (no message parser in the browser). */
export function compiledCatalog(language: string): Record<string, unknown> {
  const pseudo = language === PSEUDO;
  const source = readCatalog(pseudo ? 'en' : language);
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message, pseudo ? pseudoText : undefined)];
      } catch (error) {
        throw new Error(`${language}: ${id} is not a valid ICU message: ${String(error)}`);
      }
    }),
  );
}

const PREFIX = 'virtual:messages/';

/** Where the build leaves each language's catalog file for the prerender (scripts/prerender.ts). */
export const CATALOG_FILES = '.vite/catalogs.json';

/**
 * `virtual:messages/<language>`: that language's catalog, compiled, as a module of its own, so a page
 * loads only its listener's language (src/i18n/i18n.ts).
 */
export function messages(): Plugin {
  // The languages are the catalog's folders (one per language of packages/contracts/src/languages.ts).
  const known = new Set<string>([...readdirSync(LOCALES), PSEUDO]);
  return {
    name: 'heavy-rotation:messages',
    resolveId(id) {
      if (id.startsWith(PREFIX) && known.has(id.slice(PREFIX.length))) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      for (const file of readdirSync(join(LOCALES, language === PSEUDO ? 'en' : language)))
        this.addWatchFile(join(LOCALES, language === PSEUDO ? 'en' : language, file));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiledCatalog(language)))});`;
    },
    // Each language's page asks for its catalog with the app's entry (scripts/prerender.ts).
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        const id = file.type === 'chunk' ? file.facadeModuleId : null;
        if (id?.startsWith(`\0${PREFIX}`)) files[id.slice(PREFIX.length + 1)] = `/${file.fileName}`;
      }
      if (Object.keys(files).length > 0)
        this.emitFile({ type: 'asset', fileName: CATALOG_FILES, source: JSON.stringify(files, null, 2) });
    },
  };
}
