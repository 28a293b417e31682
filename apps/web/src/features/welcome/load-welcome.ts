import { callBackend } from '../../lib/backend.ts';
import { RETRY, withRetry } from '../../lib/retry.ts';
import { tokenSource } from '../../lib/token-source.ts';
import { readWelcomeCache, writeWelcomeCache } from './welcome-cache.ts';
import { readWelcomeReply, type WelcomeMessage, welcomeTemplate } from './welcome-message.ts';

export interface LoadWelcomeOptions {
  signal?: AbortSignal;
  getAccessToken?: () => Promise<string | null>;
}

/**
 * The welcome naming these unlocked artists (best rank first) in a list of `listSize`: the cache when valid,
 * else the server (retried per the retry table), else the built-in template. Whatever is shown is cached,
 * keyed by the names it was made from.
 */
export async function loadWelcome(
  artistNames: string[],
  listSize: number,
  options: LoadWelcomeOptions = {},
): Promise<WelcomeMessage> {
  const cached = readWelcomeCache(artistNames);
  if (cached) return cached;
  let message: WelcomeMessage | null = null;
  try {
    const accessToken = await (options.getAccessToken ?? tokenSource().getAccessToken)();
    const body = await withRetry(
      () =>
        callBackend<unknown>('/functions/v1/generate-welcome-message', {
          body: { artists: artistNames, listSize },
          accessToken,
          signal: options.signal,
        }),
      { ...RETRY.welcomeMessage, signal: options.signal },
    );
    message = readWelcomeReply(body);
  } catch {
    // The template below stands in; the listener still gets a welcome.
  }
  if (options.signal?.aborted) throw options.signal.reason;
  const result = message ?? welcomeTemplate(artistNames, listSize);
  writeWelcomeCache(artistNames, result);
  return result;
}
