import type { ExportKind } from '../kinds.ts';
import { apple } from './apple.ts';
import { spotify } from './spotify.ts';
import { youtube } from './youtube.ts';

/**
 * The exports a listener can bring (docs/product.md, "The data exports"), in the order /upload shows
 * them. A file's name or text is told as the first one's that owns it.
 */
export const SERVICES = [spotify, apple, youtube] as const;

// Every service's kind is one of the kinds the problems' codes name, and each kind has its service.
type Kinds = (typeof SERVICES)[number]['kind'];
const _sameKinds: [Kinds, ExportKind] extends [ExportKind, Kinds] ? true : never = true;
void _sameKinds;

export type { ExportKind };
