/**
 * The hosts the product's pictures come from (docs/decisions/020-abuse-limits.md, "Artist images" and
 * "Challenge links"): each source's own picture host, https on the default port. An address elsewhere
 * is never stored nor shown, whoever sent it.
 */
const PICTURE_HOSTS = {
  deezer: (host: string) => host === 'dzcdn.net' || host.endsWith('.dzcdn.net'),
  wikimedia: (host: string) => host === 'upload.wikimedia.org',
  spotify: (host: string) => host === 'i.scdn.co',
};
export type PictureSource = keyof typeof PICTURE_HOSTS;

const parsed = (url: string) => (URL.canParse(url) ? new URL(url) : undefined);

/**
 * Whether a picture address is one `source` serves, or one on `ownOrigins`: the origins the sources
 * themselves are configured at (the emulator in demo mode and tests), which the product resolved too.
 */
export function pictureFrom(url: string, sources: readonly PictureSource[], ownOrigins: readonly string[]) {
  const at = parsed(url);
  if (!at) return false;
  if (ownOrigins.includes(at.origin)) return true;
  return at.protocol === 'https:' && at.port === '' && sources.some((s) => PICTURE_HOSTS[s](at.hostname));
}

/**
 * The check for a challenge link's pictures: only what the product itself resolved (Spotify's, Deezer's
 * and Wikimedia's hosts, or the configured origins of those services), so a link cannot make every
 * friend who opens it load an address of the maker's choosing.
 */
export function productPictures(configured: readonly string[]): (url: string) => boolean {
  const origins = configured.flatMap((u) => {
    const at = parsed(u);
    return at ? [at.origin] : [];
  });
  return (url) => pictureFrom(url, ['spotify', 'deezer', 'wikimedia'], origins);
}
