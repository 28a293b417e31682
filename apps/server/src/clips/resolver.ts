import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clip, clipPlay } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { createPace } from '../upstream/pace.ts';
import { SOURCE_TIMEOUT_MS } from '../upstream/timeout.ts';
import { createPreviewCache, type PreviewCache } from './preview-cache.ts';
import { type ClipSources, ClipSourceUnavailable, createClipSources, type FoundClip } from './upstream.ts';

/**
 * How long a found preview and a fruitless search are kept (docs/product.md, "Sound clues"): Deezer's
 * preview addresses are signed and expire within hours, so a hit is kept for less than that.
 */
const HIT_MS = 3 * 3_600_000;
const MISS_MS = 86_400_000;
/**
 * How long one play's id answers (docs/decisions/035-sound-clues.md, "One id per play"): the page plays
 * it at once, and the browser keeps the audio as long.
 */
export const PLAY_MS = 30 * 60_000;
/** Ended plays deleted with each new one, at most: the table holds about half an hour of plays. */
const PLAYS_SWEPT = 100;

type ClipAnswer = { kind: 'clip'; id: string } | { kind: 'none' } | { kind: 'later' };

interface ClipResolverOptions {
  db: Db;
  sources: ClipSources;
  now: () => number;
  /** How long one lookup may wait for its turns at the services, in all. */
  waitMs: number;
}

/** An opaque id: 16 random bytes, base64url (22 characters). Nothing in it comes from the artist. */
const newId = () => randomBytes(16).toString('base64url');

/**
 * Finds a 30-second preview for an artist name: the shared cache first, then Deezer, then iTunes, each at
 * its pace across every instance, within the lookup's wait budget. Each lookup that finds one gets an id
 * of its own, for a short while; the preview's address stays on the server
 * (docs/decisions/035-sound-clues.md).
 */
function createClipResolver({ db, sources, now, waitMs }: ClipResolverOptions) {
  const paced = createPace(db, now);

  async function remember(key: string, found: FoundClip | null): Promise<void> {
    const row = {
      url: found?.url ?? null,
      source: found?.source ?? null,
      expiresAt: new Date(now() + (found ? HIT_MS : MISS_MS)),
    };
    await db
      .insert(clip)
      .values({ key, ...row })
      .onConflictDoUpdate({ target: clip.key, set: row });
  }

  /** A new play of the clip: an id nobody has seen, which ends by itself. Plays that ended are swept. */
  async function play(key: string): Promise<ClipAnswer> {
    const id = newId();
    const at = now();
    await db.insert(clipPlay).values({ id, clipKey: key, expiresAt: new Date(at + PLAY_MS) });
    const ended = db
      .select({ id: clipPlay.id })
      .from(clipPlay)
      .where(lt(clipPlay.expiresAt, new Date(at)))
      .limit(PLAYS_SWEPT);
    await db.delete(clipPlay).where(inArray(clipPlay.id, ended));
    return { kind: 'clip', id };
  }

  /** One service's answer: a clip, none, or unknown (away, or no turn in time). */
  async function ask(service: 'deezer' | 'itunes', name: string, deadline: number) {
    try {
      const answer = await paced(service, deadline, () => sources[service](name));
      return answer ? answer.value : ('later' as const);
    } catch (error) {
      if (!(error instanceof ClipSourceUnavailable)) throw error;
      return 'later' as const;
    }
  }

  return {
    async lookup(name: string): Promise<ClipAnswer> {
      const key = `name:${normaliseArtistName(name)}`;
      const [cached] = await db
        .select()
        .from(clip)
        .where(and(eq(clip.key, key), gt(clip.expiresAt, new Date(now()))));
      if (cached) return cached.url ? play(key) : { kind: 'none' };
      const deadline = now() + waitMs;
      const answers: (null | 'later')[] = [];
      for (const service of ['deezer', 'itunes'] as const) {
        const found = await ask(service, name, deadline);
        if (found !== 'later' && found !== null) {
          await remember(key, found);
          return play(key);
        }
        answers.push(found);
      }
      // "None" only when both services answered; an outage or a busy minute is never cached.
      if (answers.every((a) => a === null)) {
        await remember(key, null);
        return { kind: 'none' };
      }
      return { kind: 'later' };
    },

    /** The preview address behind a play's id, while both are fresh; null for an unknown or ended id. */
    async playOf(id: string): Promise<{ url: string; key: string } | null> {
      const at = new Date(now());
      const [row] = await db
        .select({ url: clip.url, key: clip.key })
        .from(clipPlay)
        .innerJoin(clip, eq(clip.key, clipPlay.clipKey))
        .where(and(eq(clipPlay.id, id), gt(clipPlay.expiresAt, at), gt(clip.expiresAt, at)));
      return row?.url ? { url: row.url, key: row.key } : null;
    },

    /** The file behind a clip is gone (a signed address expired): the next lookup asks the services again. */
    async forget(key: string): Promise<void> {
      await db
        .update(clip)
        .set({ expiresAt: new Date(0) })
        .where(eq(clip.key, key));
    },
  };
}

export type ClipResolver = ReturnType<typeof createClipResolver>;

/** The largest preview file fetched for a sound clue: a 30-second MP3 is about 0.5-1 MB. */
export const CLIP_MAX_BYTES = 3_000_000;

/** The clip sources the environment names (Deezer, iTunes), the resolver over them and the previews kept. */
export function clipsFromEnv(
  env: Pick<Env, 'DEEZER_API_URL' | 'ITUNES_API_URL' | 'CLIP_WAIT_MS'>,
  shared: { db: Db; now: () => number; fetch: typeof fetch; userAgent: string },
): { resolver: ClipResolver; previews: PreviewCache } {
  const sources = createClipSources({
    urls: { deezer: env.DEEZER_API_URL, itunes: env.ITUNES_API_URL },
    timeoutMs: SOURCE_TIMEOUT_MS,
    fetch: shared.fetch,
    userAgent: shared.userAgent,
    maxBytes: CLIP_MAX_BYTES,
  });
  return {
    resolver: createClipResolver({ db: shared.db, sources, now: shared.now, waitMs: env.CLIP_WAIT_MS }),
    previews: createPreviewCache(sources, HIT_MS),
  };
}
