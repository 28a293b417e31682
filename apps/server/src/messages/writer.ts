import type { Language } from '@heavy-rotation/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { artistMessage, generatorUsage } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../http/logger.ts';
import { createLineCache } from './line-cache.ts';
import { generateSuccessLines, generateWelcome, type LlmConfig } from './llm.ts';
import { normaliseArtistName } from './normalise.ts';
import { templateSuccessLine } from './success-lines.ts';
import { templateWelcome, type WelcomeMessage } from './welcome-lines.ts';

interface MessageWriterOptions {
  db: Db;
  /** Without it every message comes from the templates. */
  llm?: LlmConfig;
  dailyCap: number;
  now?: () => number;
}

interface SuccessResult {
  artistName: string;
  message: string;
}

function createMessageWriter({ db, llm, dailyCap, now = Date.now }: MessageWriterOptions) {
  /**
   * Counts one generator call for the user today; false once the day's cap is spent. Past the cap the
   * caller answers from the templates: the cap limits cost, never the product.
   */
  async function spendGeneratorCall(userId: string): Promise<boolean> {
    const day = new Date(now()).toISOString().slice(0, 10);
    const [row] = await db
      .insert(generatorUsage)
      .values({ userId, day, calls: 1 })
      .onConflictDoUpdate({
        target: [generatorUsage.userId, generatorUsage.day],
        set: { calls: sql`${generatorUsage.calls} + 1` },
      })
      .returning({ calls: generatorUsage.calls });
    return (row?.calls ?? 0) <= dailyCap;
  }

  // Stored lines by language and normalised name: a German line is never a French listener's.
  const lines = createLineCache(now);
  const cacheKey = (language: Language, key: string) => `${language}\n${key}`;
  // Normalising a name (Unicode decomposition and two Unicode regexps) costs more than the rest of a
  // cached answer: the key and template lines (by language) of names seen lately are kept.
  type NameInfo = { key: string; templates: Partial<Record<Language, string>> };
  const names = new LRUCache<string, NameInfo>({ max: 10_000 });
  function nameInfo(name: string): NameInfo {
    let info = names.get(name);
    if (info === undefined) {
      info = { key: normaliseArtistName(name), templates: {} };
      names.set(name, info);
    }
    return info;
  }
  function template(language: Language, name: string): string {
    const info = nameInfo(name);
    info.templates[language] ??= templateSuccessLine(language, name);
    return info.templates[language];
  }

  /**
   * The lines of a signed-in listener's call when memory holds them all (the usual call: names asked
   * for lately), in one pass; undefined when one must be asked of the database or the generator. Gives
   * what the full path below would: a stored line, else (known absent, no generator) the template.
   */
  function fromMemory(language: Language, artistNames: string[]): SuccessResult[] | undefined {
    const results: SuccessResult[] = [];
    for (const artistName of artistNames) {
      const { key } = nameInfo(artistName);
      const cached = key.length > 0 ? lines.get(cacheKey(language, key)) : null;
      if (cached === undefined || (cached === null && key.length > 0 && llm)) return undefined;
      results.push({ artistName, message: cached ?? template(language, artistName) });
    }
    return results;
  }

  return {
    /**
     * The welcome greeting the listener's unlocked artists (best rank first) in a list of `listSize`, in the
     * listener's language. A guest (`userId` null) is answered from the templates only (docs/product.md,
     * "The Spotify data export").
     */
    async welcome(
      userId: string | null,
      language: Language,
      unlocked: string[],
      listSize: number,
    ): Promise<WelcomeMessage> {
      const names = unlocked.slice(0, 3);
      if (userId === null || !llm || names.length === 0 || !(await spendGeneratorCall(userId))) {
        return templateWelcome(language, names, listSize);
      }
      return (
        (await generateWelcome(llm, language, names, listSize)) ?? templateWelcome(language, names, listSize)
      );
    },

    /**
     * A line per artist in the listener's language: stored (first write wins, per language), generated, or
     * from the templates; a guest (`userId` null) gets the templates only.
     */
    async success(
      userId: string | null,
      language: Language,
      artistNames: string[],
    ): Promise<SuccessResult[]> {
      if (userId === null) {
        return artistNames.map((artistName) => ({ artistName, message: template(language, artistName) }));
      }
      const atOnce = fromMemory(language, artistNames);
      if (atOnce) return atOnce;
      const keys = new Map(artistNames.map((name) => [name, nameInfo(name).key]));
      const wanted = [...new Set(keys.values())].filter((k) => k.length > 0);
      const known = new Map<string, string>();
      const ask: string[] = [];
      for (const key of wanted) {
        const cached = lines.get(cacheKey(language, key));
        // With a generator a missing line costs a call anyway: ask the database again before paying it.
        if (cached === undefined || (cached === null && llm)) ask.push(key);
        else if (cached !== null) known.set(key, cached);
      }
      if (ask.length > 0) {
        const rows = await db
          .select()
          .from(artistMessage)
          .where(and(eq(artistMessage.language, language), inArray(artistMessage.normalisedName, ask)));
        for (const row of rows) known.set(row.normalisedName, row.message);
        for (const key of ask) lines.set(cacheKey(language, key), known.get(key));
      }
      const missing = [...keys].filter(([, key]) => key.length > 0 && !known.has(key)).map(([name]) => name);
      if (llm && missing.length > 0 && (await spendGeneratorCall(userId))) {
        const generated = await generateSuccessLines(llm, language, missing);
        for (const [name, message] of generated) {
          const key = keys.get(name);
          if (key === undefined) continue;
          known.set(key, message);
          await db
            .insert(artistMessage)
            .values({ language, normalisedName: key, artistName: name, message })
            .onConflictDoNothing();
        }
      }
      return artistNames.map((artistName) => ({
        artistName,
        message: known.get(keys.get(artistName) ?? '') ?? template(language, artistName),
      }));
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;

/** One generator call past this is given up, and the templates stand in. */
export const LLM_TIMEOUT_MS = 10_000;

/** The writer: the generator at LLM_BASE_URL when it and LLM_MODEL are set, the templates otherwise. */
export function messageWriterFromEnv(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY' | 'LLM_DAILY_CAP'>,
  shared: { db: Db; now: () => number; fetch: typeof fetch; logger: Logger },
): MessageWriter {
  const llm =
    env.LLM_BASE_URL && env.LLM_MODEL
      ? {
          baseUrl: env.LLM_BASE_URL,
          model: env.LLM_MODEL,
          apiKey: env.LLM_API_KEY,
          timeoutMs: LLM_TIMEOUT_MS,
          fetch: shared.fetch,
          onFallback: (reason: string) =>
            shared.logger.warn({ reason }, 'generator answer not used; templates stand in'),
        }
      : undefined;
  return createMessageWriter({ db: shared.db, llm, dailyCap: env.LLM_DAILY_CAP, now: shared.now });
}
