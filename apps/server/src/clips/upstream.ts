import * as z from 'zod';
import { withDeadline } from '../http/deadline.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { ReplyTooLarge, readJsonCapped } from '../upstream/capped-json.ts';

export interface ClipSourceConfig {
  urls: { deezer: string; itunes: string };
  timeoutMs: number;
  fetch: typeof fetch;
  userAgent: string;
  /** The largest preview file taken, in bytes: a 30 s preview is about 0.5 MB. */
  maxBytes: number;
}

/** A 30-second preview found for an artist. */
export interface FoundClip {
  url: string;
  source: 'deezer' | 'itunes';
}

/** A source was away, slow, busy or odd: nothing is known either way, and nothing may be cached. */
export class ClipSourceUnavailable extends Error {
  override readonly name = 'ClipSourceUnavailable';
}

const deezerArtists = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  error: z.unknown().optional(),
});
const deezerTop = z.object({
  data: z
    .array(z.object({ preview: z.string().nullish(), artist: z.object({ id: z.number() }).optional() }))
    .default([]),
  error: z.unknown().optional(),
});
const itunesSongs = z.object({
  results: z
    .array(z.object({ artistName: z.string().optional(), previewUrl: z.string().nullish() }))
    .default([]),
});

/** Hosts the real services serve previews from (docs/decisions/035-sound-clues.md). */
const PREVIEW_HOSTS = ['.dzcdn.net', '.deezer.com', '.apple.com', '.mzstatic.com'];

/**
 * Deezer's artist search and top tracks, the iTunes Search API, and the preview files they point at, each
 * call bounded by the timeout; failures throw ClipSourceUnavailable.
 */
export function createClipSources(config: ClipSourceConfig) {
  const ownOrigins = new Set(Object.values(config.urls).map((u) => new URL(u).origin));
  async function call(url: URL, what: string, accept: string): Promise<Response> {
    try {
      return await withDeadline(
        config.fetch(url, {
          headers: { Accept: accept, 'User-Agent': config.userAgent },
          signal: AbortSignal.timeout(config.timeoutMs),
          redirect: 'error',
        }),
        config.timeoutMs,
      );
    } catch (error) {
      throw new ClipSourceUnavailable(`${what}: no answer`, { cause: error });
    }
  }
  async function getJson<T>(base: string, path: string, schema: z.ZodType<T>, what: string): Promise<T> {
    const res = await call(new URL(path, base.replace(/\/?$/, '/')), what, 'application/json');
    if (!res.ok) throw new ClipSourceUnavailable(`${what}: status ${res.status}`);
    const body = await readJsonCapped(res).catch((error: unknown) => {
      if (error instanceof ReplyTooLarge) throw new ClipSourceUnavailable(`${what}: ${error.message}`);
      return undefined;
    });
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ClipSourceUnavailable(`${what}: unexpected answer`);
    return parsed.data;
  }
  /**
   * Only a preview on the services' own hosts (https) or on the configured service origins (the local
   * emulator) is fetched: the address comes from a third party's answer.
   */
  const allowedPreview = (raw: string | null | undefined): string | undefined => {
    if (!raw) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    if (ownOrigins.has(url.origin)) return url.href;
    const trusted = url.protocol === 'https:' && PREVIEW_HOSTS.some((h) => url.hostname.endsWith(h));
    return trusted ? url.href : undefined;
  };

  return {
    /** A preview of one of the top tracks of Deezer's artist of exactly this name, or null. */
    async deezer(name: string): Promise<FoundClip | null> {
      const q = encodeURIComponent(name);
      const found = await getJson(
        config.urls.deezer,
        `search/artist?q=${q}&limit=5`,
        deezerArtists,
        'Deezer',
      );
      // Deezer reports quota and other trouble inside a 200.
      if (found.error !== undefined) throw new ClipSourceUnavailable('Deezer: error in answer');
      const key = normaliseArtistName(name);
      const artist = found.data.find((a) => normaliseArtistName(a.name) === key);
      if (!artist) return null;
      const top = await getJson(config.urls.deezer, `artist/${artist.id}/top?limit=5`, deezerTop, 'Deezer');
      if (top.error !== undefined) throw new ClipSourceUnavailable('Deezer: error in answer');
      const url = top.data
        .filter((t) => t.artist === undefined || t.artist.id === artist.id)
        .map((t) => allowedPreview(t.preview))
        .find((u) => u !== undefined);
      return url ? { url, source: 'deezer' } : null;
    },

    /** A preview of a song by the iTunes artist of exactly this name, or null. */
    async itunes(name: string): Promise<FoundClip | null> {
      const term = encodeURIComponent(name);
      const found = await getJson(
        config.urls.itunes,
        `search?term=${term}&entity=song&media=music&attribute=artistTerm&limit=10`,
        itunesSongs,
        'iTunes',
      );
      const key = normaliseArtistName(name);
      const url = found.results
        .filter((r) => r.artistName !== undefined && normaliseArtistName(r.artistName) === key)
        .map((r) => allowedPreview(r.previewUrl))
        .find((u) => u !== undefined);
      return url ? { url, source: 'itunes' } : null;
    },

    /** The preview file's bytes, refused past maxBytes; null when the file is gone (404/410). */
    async preview(url: string): Promise<Uint8Array | null> {
      const res = await call(new URL(url), 'Preview', 'audio/mpeg, audio/mp4, audio/*');
      if (res.status === 404 || res.status === 410 || res.status === 403) return null;
      if (!res.ok || !res.body) throw new ClipSourceUnavailable(`Preview: status ${res.status}`);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > config.maxBytes) throw new ClipSourceUnavailable('Preview: too large');
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = res.body.getReader();
      try {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          size += part.value.length;
          if (size > config.maxBytes) throw new ClipSourceUnavailable('Preview: too large');
          chunks.push(part.value);
        }
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        if (error instanceof ClipSourceUnavailable) throw error;
        throw new ClipSourceUnavailable('Preview: cut short', { cause: error });
      }
      const out = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        out.set(chunk, at);
        at += chunk.length;
      }
      return out;
    },
  };
}

export type ClipSources = ReturnType<typeof createClipSources>;
