/** The three data exports a listener can bring (docs/product.md, "The data exports"). */
export type ExportKind = 'spotify' | 'apple' | 'youtube';

/** The label of each export's file input on /upload: problems point to it by these words. */
export const EXPORT_INPUT: Record<ExportKind, string> = {
  spotify: 'Spotify data export',
  apple: 'Apple Music data export',
  youtube: 'YouTube Music history (Google Takeout)',
};

/** What a file of one service picked in another's input is said to look like. */
export const EXPORT_LOOKS: Record<ExportKind, string> = {
  spotify: 'a Spotify data export',
  apple: 'an Apple Music data export',
  youtube: 'a YouTube Music history from Google Takeout',
};
