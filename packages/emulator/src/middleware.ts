import type { MiddlewareHandler } from 'hono';
import { scopeAllows } from './accounts/scopes.ts';
import type { AppEnv, Emulator } from './context.ts';
import { apiError } from './context.ts';
import type { Fault } from './store.ts';

const MESSAGES: Record<number, string> = {
  429: 'API rate limit exceeded',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method) return false;
  return fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path;
}

/** Records every call (never its token) so tests can count, e.g., token refreshes. */
export function requestLog(emu: Emulator): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let grantType: string | undefined;
    if (c.req.method === 'POST' && c.req.path === '/api/token') {
      grantType = new URLSearchParams(await c.req.raw.clone().text()).get('grant_type') ?? undefined;
    }
    await next();
    const log = emu.store.requests;
    log.push({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ...(grantType ? { grantType } : {}),
    });
    if (log.length > 1000) log.splice(0, log.length - 1000);
  };
}

/** Answers matching calls with the fault set through the control endpoint, `times` times. */
export function faults(emu: Emulator): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fault = emu.store.faults.find((f) => matches(f, c.req.method, c.req.path));
    if (!fault || c.req.method === 'OPTIONS') return next();
    if (fault.times > 0) fault.times -= 1;
    if (fault.times === 0) emu.store.faults.splice(emu.store.faults.indexOf(fault), 1);
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    const status = fault.status ?? (fault.retryAfter !== undefined ? 429 : undefined);
    if (status === undefined) return next();
    if (fault.retryAfter !== undefined) c.header('Retry-After', String(fault.retryAfter));
    if (status === 204 || status === 304) return c.body(null, status);
    if (fault.body !== undefined) return c.json(fault.body as object, status as 400);
    if (c.req.path === '/api/token')
      return c.json({ error: 'server_error', error_description: MESSAGES[status] ?? 'Error' }, status as 400);
    return apiError(c, status as 400, MESSAGES[status] ?? 'Error');
  };
}

/** Bearer-token check of the Web API, with Spotify's messages, and the allow-list 403. */
export function requireToken(emu: Emulator): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    if (!header) return apiError(c, 401, 'No token provided');
    const token = header.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
    const entry = emu.store.tokens.get(token);
    if (!entry || emu.store.revokedFamilies.has(entry.familyId))
      return apiError(c, 401, 'Invalid access token');
    if (entry.expiresAt <= emu.now()) return apiError(c, 401, 'The access token expired');
    const listener = emu.cat.listeners.get(entry.listenerId);
    if (!listener) return apiError(c, 401, 'Invalid access token');
    if (listener.allowed === false)
      return apiError(
        c,
        403,
        'Check settings on developer.spotify.com/dashboard, the user may not be registered.',
      );
    if (!scopeAllows(entry.scope, c.req.method, c.req.path))
      return apiError(c, 403, 'Insufficient client scope');
    c.set('listener', listener);
    await next();
  };
}
