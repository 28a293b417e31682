import { LRUCache } from 'lru-cache';
import { type StrippedAudio, stripTags } from './strip-tags.ts';
import type { ClipSources } from './upstream.ts';

/**
 * The previews one instance keeps, by their bytes with the tags taken out (docs/decisions/035-sound-clues.md,
 * "Fetched once, kept"): 32 MB, some 60 of Deezer's half-megabyte previews, the least recently played
 * let go first.
 */
const KEPT_BYTES = 32 * 1024 * 1024;
/**
 * Preview downloads one instance runs at once. Plays of a preview being fetched wait for that download;
 * a play that would start one more is answered 503 with Retry-After.
 */
const DOWNLOADS_AT_ONCE = 4;

/** As many preview downloads as the instance runs at once are running: ask again shortly. */
export class ClipsBusy extends Error {
  override readonly name = 'ClipsBusy';
}

/**
 * Preview files fetched once and kept in this instance's memory, by address, for as long as their
 * resolution lasts (`keepMs`), within KEPT_BYTES in all. Plays of a preview that is being fetched share
 * that one download (lru-cache's `fetch`). Throws ClipsBusy past DOWNLOADS_AT_ONCE, ClipSourceUnavailable
 * when the file could not be had, NotAudio when it is no audio; undefined when the file is gone.
 */
export function createPreviewCache(sources: Pick<ClipSources, 'preview'>, keepMs: number) {
  let running = 0;
  const kept = new LRUCache<string, StrippedAudio>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (audio) => Math.max(1, audio.bytes.length),
    ttl: keepMs,
    fetchMethod: async (url) => {
      if (running >= DOWNLOADS_AT_ONCE) throw new ClipsBusy('too many preview downloads at once');
      running += 1;
      try {
        const file = await sources.preview(url);
        return file ? stripTags(file) : undefined;
      } finally {
        running -= 1;
      }
    },
  });
  return {
    audio: (url: string): Promise<StrippedAudio | undefined> => kept.fetch(url),
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
