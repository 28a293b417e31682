import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isBombSize } from '../gzip-bomb.ts';

/** The image sources the server asks about artists without pictures, emulated over the catalogue. */
type ImageService = 'deezer' | 'musicbrainz' | 'wikidata' | 'commons';
const SERVICES: readonly ImageService[] = ['deezer', 'musicbrainz', 'wikidata', 'commons'];
const isService = (value: unknown): value is ImageService => SERVICES.some((s) => s === value);

/** A fault the next calls to one image source get (`POST /artist-images/_control/faults`). */
export interface ImageFault {
  service: ImageService;
  status: ContentfulStatusCode;
  times: number;
  /** Instead of failing, answer with this picture address (Deezer, Commons): a source gone astray. */
  picture?: string;
  /** Instead of failing, answer with gzip that unpacks to this many bytes (`gzip-bomb.ts`). */
  gzipBomb?: number;
}

/** The fault the next call to `service` gets, if any; each call uses up one of its `times`. */
export function takeImageFault(faults: ImageFault[], service: ImageService): ImageFault | undefined {
  const index = faults.findIndex((f) => f.service === service);
  const found = faults[index];
  if (found && found.times !== -1 && --found.times <= 0) faults.splice(index, 1);
  return found;
}

/** A fault from a control call's body, or what is wrong with it. */
export function readImageFault(body: Record<string, unknown> | undefined): ImageFault | string {
  const { service, status = 503, times = 1, picture, gzipBomb } = body ?? {};
  if (!isService(service)) return 'service must be deezer, musicbrainz, wikidata or commons';
  if (typeof status !== 'number' || status < 400 || status > 599) return 'status must be 400-599';
  if (typeof times !== 'number' || !Number.isInteger(times) || !(times >= 1 || times === -1))
    return 'times must be >= 1 or -1';
  if (picture !== undefined && typeof picture !== 'string') return 'picture must be a string';
  if (gzipBomb !== undefined && !isBombSize(gzipBomb)) return 'gzipBomb must be a number of bytes';
  return {
    service,
    status: status as ContentfulStatusCode,
    times,
    ...(picture ? { picture } : {}),
    ...(gzipBomb !== undefined ? { gzipBomb } : {}),
  };
}
