import { readTokens, type StoredTokens, writeStoredTokens } from './spotify-tokens.ts';

// localStorage reaches other tabs' renderers a moment late, later still on a busy phone. The tab that
// refreshed announces the new tokens on a channel and keeps the refresh lock a while (it goes on with its
// own work at once), so the next tab in line never acts on a stale refresh token (which the provider
// would treat as reuse and revoke).
export const HANDOVER_MS = 1000;
/** An announcement only bridges that delay; after this it is ignored (e.g. after a sign-out). */
const ANNOUNCEMENT_LIFE_MS = 5000;

// Only in a browser: the build's prerender imports this module in Node, where an open channel would keep
// the process alive.
const channel =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('heavy-rotation:tokens');
let announced: { tokens: StoredTokens; at: number } | null = null;

/** The tokens another tab announced, if the message is one. */
function tokensIn(data: unknown): StoredTokens | null {
  if (typeof data !== 'object' || data === null) return null;
  const { accessToken, refreshToken, expiresAt } = Object.fromEntries(Object.entries(data));
  if (typeof accessToken !== 'string' || typeof expiresAt !== 'number') return null;
  return { accessToken, refreshToken: typeof refreshToken === 'string' ? refreshToken : null, expiresAt };
}

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const tokens = tokensIn(event.data);
  if (tokens) announced = { tokens, at: Date.now() };
});

export function announceTokens(tokens: StoredTokens): void {
  channel?.postMessage(tokens);
}

export function forgetAnnouncement(): void {
  announced = null;
}

/** Storage, unless another tab just announced newer tokens that storage has not caught up with. */
export function latestTokens(now = Date.now()): StoredTokens {
  const stored = readTokens();
  if (
    announced &&
    now - announced.at < ANNOUNCEMENT_LIFE_MS &&
    stored.refreshToken !== null &&
    announced.tokens.expiresAt > stored.expiresAt
  ) {
    writeStoredTokens(announced.tokens);
    return announced.tokens;
  }
  return stored;
}
