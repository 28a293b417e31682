import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Catalogue } from './data/catalogue.ts';
import type { EmulatorData, ListenerRecord } from './data/types.ts';
import type { Store } from './store.ts';

export type Mode = 'development' | 'extended';

/** The running emulator every route reads: catalogue, mutable state, mode and clock. */
export interface Emulator {
  cat: Catalogue;
  store: Store;
  mode: Mode;
  /** Milliseconds since the epoch, including the offset set by the clock control. */
  now(): number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  reset(): void;
  /**
   * Swaps in new data (the data file read again): catalogue and listeners change, signed-in listeners stay
   * signed in. A test or demo can change who listens to what while the product runs.
   */
  replaceData(data: EmulatorData): void;
  /** Reads the data file given at start again; absent when the emulator runs on built-in data. */
  reloadData?: () => EmulatorData;
}

export interface AppEnv {
  Variables: { listener: ListenerRecord };
}

/** Spotify's Web API error envelope. */
export function apiError(c: Context, status: ContentfulStatusCode, message: string, reason?: string) {
  return c.json({ error: reason ? { status, message, reason } : { status, message } }, status);
}

/** The origin the caller used, so image and href URLs point back at this emulator. */
export function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}
