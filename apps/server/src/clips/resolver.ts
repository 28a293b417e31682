import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clip, clipPace } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { type ClipSources, ClipSourceUnavailable, createClipSources, type FoundClip } from './upstream.ts';

/**
 * How long a found preview and a fruitless search are kept (docs/product.md, "Sound clues"): Deezer's
 * preview addresses are signed and expire within hours, so a hit is kept for less than that.
 */
const HIT_MS = 3 * 3_600_000;
const MISS_MS = 86_400_000;
/** Gaps between two calls to each service, for every instance together. */
const PACE_MS = { deezer: 150, itunes: 3100 } as const;
type Service = keyof typeof PACE_MS;

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
 * its pace across every instance (a row per service in the database), within the lookup's wait budget.
 * The page gets an opaque id; the preview's address stays on the server (docs/decisions/035-sound-clues.md).
 */
function createClipResolver({ db, sources, now, waitMs }: ClipResolverOptions) {
  /**
   * Takes the service's next turn, if it comes before the deadline, and returns how long to wait for it.
   * A turn past the deadline is not taken, so callers who give up push nobody else's turn back.
   */
  async function turn(service: Service, deadline: number): Promise<number | null> {
    const gap = PACE_MS[service];
    const budget = Math.max(0, deadline - now());
    const [row] = await db
      .insert(clipPace)
      .values({ service, nextAt: sql`clock_timestamp() + ${gap} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: clipPace.service,
        set: {
          nextAt: sql`greatest(${clipPace.nextAt}, clock_timestamp()) + ${gap} * interval '1 millisecond'`,
        },
        setWhere: sql`${clipPace.nextAt} <= clock_timestamp() + ${budget} * interval '1 millisecond'`,
      })
      .returning({
        waitMs: sql<string>`extract(epoch from (${clipPace.nextAt} - clock_timestamp())) * 1000 - ${gap}`,
      });
    if (!row) return null;
    return Math.max(0, Math.ceil(Number(row.waitMs)));
  }

  async function inTurn<T>(service: Service, deadline: number, ask: () => Promise<T>): Promise<T | 'later'> {
    const wait = await turn(service, deadline);
    if (wait === null) return 'later';
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return ask();
  }

  async function remember(key: string, found: FoundClip | null): Promise<string> {
    const row = {
      url: found?.url ?? null,
      source: found?.source ?? null,
      expiresAt: new Date(now() + (found ? HIT_MS : MISS_MS)),
    };
    const [saved] = await db
      .insert(clip)
      .values({ key, id: newId(), ...row })
      // The id stays what it was: a page holding it keeps working.
      .onConflictDoUpdate({ target: clip.key, set: row })
      .returning({ id: clip.id });
    if (!saved) throw new Error('clip row not written');
    return saved.id;
  }

  /** One service's answer: a clip, none, or unknown (away, or no turn in time). */
  async function ask(service: Service, name: string, deadline: number) {
    try {
      return await inTurn(service, deadline, () => sources[service](name));
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
      if (cached) return cached.url ? { kind: 'clip', id: cached.id } : { kind: 'none' };
      const deadline = now() + waitMs;
      const deezer = await ask('deezer', name, deadline);
      if (deezer !== 'later' && deezer !== null) return { kind: 'clip', id: await remember(key, deezer) };
      const itunes = await ask('itunes', name, deadline);
      if (itunes !== 'later' && itunes !== null) return { kind: 'clip', id: await remember(key, itunes) };
      // "None" only when both services answered; an outage or a busy minute is never cached.
      if (deezer === null && itunes === null) {
        await remember(key, null);
        return { kind: 'none' };
      }
      return { kind: 'later' };
    },

    /** The preview address behind an id, while its resolution is fresh; null for an unknown or stale id. */
    async previewUrl(id: string): Promise<string | null> {
      const [row] = await db
        .select({ url: clip.url })
        .from(clip)
        .where(and(eq(clip.id, id), gt(clip.expiresAt, new Date(now()))));
      return row?.url ?? null;
    },

    /** The file behind an id is gone (a signed address expired): the next lookup asks the services again. */
    async forget(id: string): Promise<void> {
      await db
        .update(clip)
        .set({ expiresAt: new Date(0) })
        .where(eq(clip.id, id));
    },
  };
}

export type ClipResolver = ReturnType<typeof createClipResolver>;

/** The clip sources the environment names (Deezer, iTunes), and the resolver over them. */
export function clipsFromEnv(
  env: Pick<
    Env,
    'DEEZER_API_URL' | 'ITUNES_API_URL' | 'SOURCE_TIMEOUT_MS' | 'CLIP_MAX_BYTES' | 'CLIP_WAIT_MS'
  >,
  shared: { db: Db; now: () => number; fetch: typeof fetch; userAgent: string },
): { sources: ClipSources; resolver: ClipResolver } {
  const sources = createClipSources({
    urls: { deezer: env.DEEZER_API_URL, itunes: env.ITUNES_API_URL },
    timeoutMs: env.SOURCE_TIMEOUT_MS,
    fetch: shared.fetch,
    userAgent: shared.userAgent,
    maxBytes: env.CLIP_MAX_BYTES,
  });
  return {
    sources,
    resolver: createClipResolver({ db: shared.db, sources, now: shared.now, waitMs: env.CLIP_WAIT_MS }),
  };
}
