import { BackendError, callBackend } from '../../lib/backend.ts';
import { currentListener, spotifyTokenOf } from '../../lib/listener.ts';
import { type Ask, useServerQuery } from '../../lib/use-server-query.ts';
import { readWelcomeCache, writeWelcomeCache } from './welcome-cache.ts';
import { type WelcomeMessage, welcomeTemplate } from './welcome-message.ts';

/** Retries of the welcome (docs/product.md, "Loading the list"): 800 ms, then 1600 ms, then the template. */
const RETRIES = 2;
const FIRST_WAIT_MS = 800;

/** A refusal or an incomplete welcome would come back the same: the template stands in at once. */
function retryAfter(failures: number, error: Error): number | null {
  const passing = error instanceof BackendError && (error.kind === 'unavailable' || error.kind === 'network');
  return passing && failures <= RETRIES ? FIRST_WAIT_MS * 2 ** (failures - 1) : null;
}

async function askWelcome(artistNames: string[], listSize: number, { signal }: Ask): Promise<WelcomeMessage> {
  const cached = readWelcomeCache(artistNames);
  if (cached) return cached;
  const accessToken = await spotifyTokenOf(currentListener());
  const message = await callBackend('/functions/v1/generate-welcome-message', 'welcomeReply', {
    body: { artists: artistNames, listSize },
    accessToken,
    signal,
  });
  writeWelcomeCache(artistNames, message);
  return message;
}

/**
 * The welcome naming these unlocked artists (best rank first) in a list of `listSize`: the cache when valid,
 * else the server (retried as above), else the built-in template; null while it is on its way. Whatever is
 * shown is cached, keyed by the names it was made from.
 */
export function useWelcome(artistNames: string[], listSize: number): WelcomeMessage | null {
  const welcome = useServerQuery(
    `${listSize}\n${artistNames.join('\n')}`,
    (ask) => askWelcome(artistNames, listSize, ask),
    {
      retryAfter,
      fallback: (error) => {
        // The template stands in; the listener still gets a welcome.
        console.warn('The welcome falls back to the built-in template', String(error));
        const template = welcomeTemplate(artistNames, listSize);
        writeWelcomeCache(artistNames, template);
        return template;
      },
    },
  );
  return welcome.data ?? null;
}
