/**
 * An artist's picture beside their name (so `alt=""`), or an empty box of its size without one. Asked for
 * with CORS: the story image draws the same picture, and the service worker's one copy serves both.
 */
export function ArtistPicture({
  src,
  size,
  className,
  lazy = false,
}: {
  src: string | undefined;
  size: number;
  className: string | undefined;
  lazy?: boolean;
}) {
  if (!src) return <span className={className} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={src}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      width={size}
      height={size}
      crossOrigin="anonymous"
    />
  );
}
