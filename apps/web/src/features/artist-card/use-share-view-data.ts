import { useEffect, useState } from 'react';
import { useServerQuery } from '../../lib/use-server-query.ts';
import type { Rgb } from './dominant-colour.ts';
import { loadDominantColour } from './load-dominant-colour.ts';
import { shareTitle } from './share-text.ts';
import { getSpotifyLink } from './spotify-link.ts';

/** docs/product.md, "The list card and the share view": colour loading, then ready (with the fallback colour after an image error). */
export function useDominantColour(url: string | undefined): Rgb | null {
  const [colour, setColour] = useState<{ url: string | undefined; rgb: Rgb } | null>(null);
  useEffect(() => {
    let alive = true;
    loadDominantColour(url).then((rgb) => {
      if (alive) setColour({ url, rgb });
    });
    return () => {
      alive = false;
    };
  }, [url]);
  return colour && colour.url === url ? colour.rgb : null;
}

export type LinkState = { status: 'loading' } | { status: 'ready'; href: string } | { status: 'failed' };

/** docs/product.md, "The list card and the share view": link loading, then loaded or failed (cached links resolve without a call). */
export function useSpotifyLink(artistId: string, known?: string): LinkState {
  const link = useServerQuery(
    JSON.stringify([artistId, known ?? null]),
    // Another source gave the link with the artist: nothing to ask.
    async ({ signal }) => ({
      id: artistId,
      href: known !== undefined ? known || null : await getSpotifyLink(artistId, signal),
    }),
    {
      fallback: (error) => {
        console.warn(error.message || 'Failed to get Spotify URL');
        return { id: artistId, href: null };
      },
    },
  ).data;
  if (link?.id !== artistId) return { status: 'loading' };
  return link.href ? { status: 'ready', href: link.href } : { status: 'failed' };
}

function metaTag(name: string, attribute: 'name' | 'property'): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, name);
    document.head.append(tag);
  }
  return tag;
}

/** The page title (docs/product.md, "Screens and routes") while the share view is open; the previous head comes back on close. */
export function useShareHead(productName: string, description: string): void {
  useEffect(() => {
    const title = document.title;
    const tags = [metaTag('description', 'name'), metaTag('og:description', 'property')];
    const before = tags.map((t) => t.content);
    document.title = shareTitle(productName);
    for (const t of tags) t.content = description;
    return () => {
      document.title = title;
      tags.forEach((t, i) => {
        t.content = before[i] ?? '';
      });
    };
  }, [productName, description]);
}
