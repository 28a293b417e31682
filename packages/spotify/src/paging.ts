import type { CallOptions, SpotifyClient } from './client.ts';

interface PageLike<T> {
  items: T[];
  next?: string | null;
}

/** A page, or an answer that wraps one under a single key (`{ artists: page }` of followed artists). */
type PageOrWrapped<T> = PageLike<T> | Record<string, PageLike<T>>;

// Cast: a body with an `items` array is the page itself; otherwise Spotify wraps the page under one key.
const unwrap = <T>(body: PageOrWrapped<T>): PageLike<T> =>
  'items' in body && Array.isArray(body.items)
    ? (body as PageLike<T>)
    : (Object.values(body)[0] as PageLike<T>);

/**
 * Iterates every item of a paged list, following each page's `next` link (offset and cursor paging).
 * Only the path and query of `next` are used, so the token never leaves the client's base URL.
 */
export async function* paginate<T>(
  client: SpotifyClient,
  first: PageOrWrapped<T> | Promise<PageOrWrapped<T>>,
  options?: CallOptions,
): AsyncGenerator<T, void, undefined> {
  const base = new URL(client.options.baseUrl ?? 'https://api.spotify.com/v1').pathname.replace(/\/$/, '');
  let page: PageLike<T> | undefined = unwrap(await first);
  while (page) {
    yield* page.items;
    if (!page.next) return;
    const next: URL = new URL(page.next);
    const path: string = next.pathname.startsWith(base) ? next.pathname.slice(base.length) : next.pathname;
    page = unwrap(await client.request<PageOrWrapped<T>>('GET', path + next.search, options));
  }
}

/** Collects every item of a paged list into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
