import { BackendError, callBackend } from '../../lib/backend.ts';
import { RETRY, withRetry } from '../../lib/retry.ts';
import { tokenSource } from '../../lib/token-source.ts';
import { readWelcomeCache, writeWelcomeCache } from './welcome-cache.ts';
import { type WelcomeMessage, welcomeTemplate } from './welcome-message.ts';

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
    message = await withRetry(
      () =>
        callBackend('/functions/v1/generate-welcome-message', 'welcomeReply', {
          body: { artists: artistNames, listSize },
          accessToken,
          signal: options.signal,
        }),
      {
        ...RETRY.welcomeMessage,
        signal: options.signal,
        // A refusal or an incomplete welcome would come back the same: the template stands in at once.
        shouldRetry: (error) =>
          !(error instanceof BackendError && ['refused', 'bad-reply'].includes(error.kind)),
      },
    );
  } catch (error) {
    // The template below stands in; the listener still gets a welcome.
    if (!options.signal?.aborted)
      console.warn('The welcome falls back to the built-in template', String(error));
  }
  if (options.signal?.aborted) throw options.signal.reason;
  const result = message ?? welcomeTemplate(artistNames, listSize);
  writeWelcomeCache(artistNames, result);
  return result;
}
