/** The artist-name key of docs/product.md, "The quiz": accents, case, punctuation, spaces and a leading "the" ignored. */
export function normaliseArtistName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/^the(?=.)/, '');
}

/** FNV-1a: a small stable hash so the same input always picks the same lines. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
