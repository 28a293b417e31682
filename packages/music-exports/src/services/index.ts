import { apple } from './apple.ts';
import { spotify } from './spotify.ts';
import { youtube } from './youtube.ts';

/**
 * The exports a listener can bring (docs/product.md, "The data exports"), in the order /upload shows
 * them. A file's name or text is told as the first one's that owns it.
 */
export const SERVICES = [spotify, apple, youtube] as const;

export type ExportKind = (typeof SERVICES)[number]['kind'];
