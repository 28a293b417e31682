import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { DEMO_CLIENT, redirectAllowed, SCOPES } from '../accounts/clients.ts';
import { errorPage, loginPage } from '../accounts/page.ts';
import type { AppEnv, Emulator } from '../context.ts';

const PARAMS = [
  'client_id',
  'response_type',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge_method',
  'code_challenge',
  'show_dialog',
];
const CHALLENGE = /^[A-Za-z0-9_-]{43,128}$/;

type Checked =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; url: URL }
  | { kind: 'ok'; params: Record<string, string>; redirect: URL };

/** Validates an authorization request in Spotify's order: client, redirect URI, then the rest. */
function check(emu: Emulator, input: Record<string, string | undefined>): Checked {
  const clients = [DEMO_CLIENT, ...emu.cat.clients];
  const client = clients.find((c) => c.id === input.client_id);
  if (!client) return { kind: 'page', message: 'INVALID_CLIENT: Invalid client' };
  const redirectUri = input.redirect_uri ?? '';
  if (!redirectAllowed(client, redirectUri))
    return { kind: 'page', message: 'INVALID_CLIENT: Invalid redirect URI' };
  const back = (error: string, description?: string) => {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    if (description) url.searchParams.set('error_description', description);
    if (input.state !== undefined) url.searchParams.set('state', input.state);
    return { kind: 'redirect', url } as const;
  };
  if (input.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
  if (input.code_challenge_method !== 'S256')
    return back('invalid_request', 'code_challenge_method must be S256');
  if (!CHALLENGE.test(input.code_challenge ?? ''))
    return back('invalid_request', 'code_challenge must be a 43-128 character base64url string');
  if ((input.state ?? '').length > 1024) return back('invalid_request', 'state is too long');
  const scopes = (input.scope ?? '').split(/\s+/).filter(Boolean);
  if (scopes.some((s) => !SCOPES.has(s))) return back('invalid_scope', 'Invalid scope');
  const params: Record<string, string> = {};
  for (const key of PARAMS) {
    const value = input[key];
    if (value !== undefined) params[key] = value;
  }
  return { kind: 'ok', params, redirect: new URL(redirectUri) };
}

export function authorizeRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  // The consent page must not be framed (clickjacking) nor leak the query (state, challenge) onward.
  app.use('/authorize', async (c, next) => {
    await next();
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });

  app.get('/authorize', (c) => {
    const checked = check(emu, c.req.query());
    if (checked.kind === 'page') return c.html(errorPage(checked.message), 400);
    if (checked.kind === 'redirect') return c.redirect(checked.url.toString(), 302);
    return c.html(loginPage(checked.params, [...emu.cat.listeners.values()]));
  });

  app.post('/authorize', async (c) => {
    const form = await c.req.parseBody();
    const input: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) if (typeof v === 'string') input[k] = v;
    const checked = check(emu, input);
    if (checked.kind === 'page') return c.html(errorPage(checked.message), 400);
    if (checked.kind === 'redirect') return c.redirect(checked.url.toString(), 303);
    const { params, redirect } = checked;
    if (input.cancel) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const listener = emu.cat.listeners.get(input.listener ?? '');
      if (!listener) return c.html(errorPage('Unknown listener'), 400);
      const code = randomBytes(32).toString('base64url');
      emu.store.codes.set(code, {
        listenerId: listener.id,
        clientId: params.client_id ?? '',
        redirectUri: params.redirect_uri ?? '',
        challenge: params.code_challenge ?? '',
        scope: params.scope ?? '',
        expiresAt: emu.now() + 60_000,
        used: false,
      });
      redirect.searchParams.set('code', code);
    }
    if (params.state !== undefined) redirect.searchParams.set('state', params.state);
    return c.redirect(redirect.toString(), 303);
  });

  return app;
}
