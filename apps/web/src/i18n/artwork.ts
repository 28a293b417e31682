// The words drawn into the link preview images (scripts/draw-artwork.ts draws one image per language,
// docs/languages.md, "Catalogs"). Listed here, under src, because the catalogs' test looks there for each id.

/** The site's preview (og-image): its line under the rule, then its hint. */
export const OG_TEXTS = ['artwork.og.line', 'artwork.og.hint'] as const;

/** A challenge link's preview: the headline's two lines, the line under the rule, the hint. */
export const CHALLENGE_TEXTS = [
  'artwork.challenge.headline1',
  'artwork.challenge.headline2',
  'artwork.challenge.line',
  'artwork.challenge.hint',
] as const;
