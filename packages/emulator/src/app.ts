import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { demoData, type EmulatorData } from './data/demo.ts';

export interface EmulatorOptions {
  data?: EmulatorData;
  /** Milliseconds since the epoch; lets tests move time. */
  clock?: () => number;
}

interface CodeGrant {
  listenerId: string;
  redirectUri: string;
  challenge: string;
  expiresAt: number;
}

export const DEMO_CLIENT_ID = 'heavy-rotation-demo';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return Buffer.from(digest).toString('base64url');
}

export function createEmulator(options: EmulatorOptions = {}): Hono {
  const data = options.data ?? demoData;
  const now = options.clock ?? Date.now;
  const codes = new Map<string, CodeGrant>();
  const tokens = new Map<string, { listenerId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const artistsById = new Map(data.artists.map((a) => [a.id, a]));

  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.get('/authorize', (c) => {
    const q = c.req.query();
    const buttons = data.listeners
      .map(
        (l) =>
          `<button name="listener" value="${escapeHtml(l.id)}">Log in as ${escapeHtml(l.display_name)}</button>`,
      )
      .join('');
    const hidden = Object.entries(q)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    return c.html(
      `<!doctype html><html lang="en"><title>Spotify emulator</title><main><h1>Log in</h1><form method="post" action="/authorize">${hidden}${buttons}<button name="cancel" value="1">Cancel</button></form></main></html>`,
    );
  });

  app.post('/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirect = new URL(String(form.redirect_uri));
    if (form.cancel) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = crypto.randomUUID();
      codes.set(code, {
        listenerId: String(form.listener),
        redirectUri: String(form.redirect_uri),
        challenge: String(form.code_challenge),
        expiresAt: now() + 60_000,
      });
      redirect.searchParams.set('code', code);
    }
    redirect.searchParams.set('state', String(form.state ?? ''));
    return c.redirect(redirect.toString(), 303);
  });

  function issue(listenerId: string) {
    const access = crypto.randomUUID();
    const refresh = crypto.randomUUID();
    tokens.set(access, { listenerId, expiresAt: now() + 3600_000 });
    refreshTokens.set(refresh, listenerId);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refresh,
      scope: '',
    };
  }

  app.use('/api/token', cors());
  app.post('/api/token', async (c) => {
    const form = await c.req.parseBody();
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(String(form.code));
      codes.delete(String(form.code));
      if (!grant || grant.expiresAt < now() || grant.redirectUri !== form.redirect_uri) {
        return c.json({ error: 'invalid_grant', error_description: 'Invalid authorization code' }, 400);
      }
      if ((await s256(String(form.code_verifier))) !== grant.challenge) {
        return c.json({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' }, 400);
      }
      return c.json(issue(grant.listenerId));
    }
    if (form.grant_type === 'refresh_token') {
      const listenerId = refreshTokens.get(String(form.refresh_token));
      if (!listenerId)
        return c.json({ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400);
      refreshTokens.delete(String(form.refresh_token));
      return c.json(issue(listenerId));
    }
    return c.json({ error: 'unsupported_grant_type', error_description: 'grant_type must be supplied' }, 400);
  });

  app.use('/v1/*', cors());
  app.use('/v1/*', async (c, next) => {
    const token = c.req.header('Authorization')?.replace(/^Bearer /, '') ?? '';
    const entry = tokens.get(token);
    if (!entry) return c.json({ error: { status: 401, message: 'Invalid access token' } }, 401);
    if (entry.expiresAt < now())
      return c.json({ error: { status: 401, message: 'The access token expired' } }, 401);
    c.set('listenerId' as never, entry.listenerId as never);
    await next();
  });

  function toArtist(id: string, origin: string) {
    const a = artistsById.get(id);
    if (!a) return undefined;
    return {
      id: a.id,
      name: a.name,
      type: 'artist' as const,
      uri: `spotify:artist:${a.id}`,
      href: `${origin}/v1/artists/${a.id}`,
      external_urls: { spotify: `https://open.spotify.com/artist/${a.id}` },
      images: [],
    };
  }

  function listener(c: { get: (k: never) => unknown }) {
    const id = c.get('listenerId' as never) as string;
    return data.listeners.find((l) => l.id === id);
  }

  app.get('/v1/me', (c) => {
    const l = listener(c);
    if (!l) return c.json({ error: { status: 404, message: 'Not found' } }, 404);
    const origin = new URL(c.req.url).origin;
    return c.json({
      id: l.id,
      display_name: l.display_name,
      email: l.email,
      type: 'user',
      uri: `spotify:user:${l.id}`,
      href: `${origin}/v1/users/${l.id}`,
      images: [],
      external_urls: { spotify: `https://open.spotify.com/user/${l.id}` },
    });
  });

  app.get('/v1/me/top/artists', (c) => {
    const l = listener(c);
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 20);
    const offset = Number(c.req.query('offset') ?? 0);
    const all = (l?.top_artists ?? []).map((id) => toArtist(id, origin)).filter((a) => a !== undefined);
    return c.json({
      href: c.req.url,
      items: all.slice(offset, offset + limit),
      limit,
      offset,
      total: all.length,
      next: null,
      previous: null,
    });
  });

  return app;
}
