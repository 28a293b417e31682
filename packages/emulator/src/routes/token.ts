import type { Context } from 'hono';
import { Hono } from 'hono';
import { DEMO_CLIENT } from '../accounts/clients.ts';
import { issueTokens, s256 } from '../accounts/tokens.ts';
import type { AppEnv, Emulator } from '../context.ts';

function oauthError(c: Context, error: string, description: string, status: 400 | 401 = 400) {
  return c.json({ error, error_description: description }, status);
}

/** The client id from the form (PKCE) or from HTTP Basic credentials. */
function clientIdOf(c: Context, form: Record<string, string>): string | undefined {
  const basic = c.req.header('Authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return form.client_id;
}

export function tokenRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.post('/api/token', async (c) => {
    const type = c.req.header('Content-Type') ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
      return oauthError(c, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    const raw = await c.req.parseBody();
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') form[k] = v;
    const clientId = clientIdOf(c, form);
    if (!clientId) return oauthError(c, 'invalid_client', 'Invalid client');
    if (![DEMO_CLIENT, ...emu.cat.clients].some((client) => client.id === clientId))
      return oauthError(c, 'invalid_client', 'Invalid client');
    const { store } = emu;

    if (form.grant_type === 'authorization_code') {
      if (!form.code) return oauthError(c, 'invalid_request', 'code must be supplied');
      const grant = store.codes.get(form.code);
      if (!grant || grant.clientId !== clientId)
        return oauthError(c, 'invalid_grant', 'Invalid authorization code');
      if (grant.used) {
        // A replayed code may be stolen: revoke what it already produced (RFC 9700 §4.2.4).
        if (grant.familyId) store.revokedFamilies.add(grant.familyId);
        return oauthError(c, 'invalid_grant', 'Invalid authorization code');
      }
      grant.used = true;
      if (grant.expiresAt <= emu.now()) return oauthError(c, 'invalid_grant', 'Authorization code expired');
      if (form.redirect_uri !== grant.redirectUri)
        return oauthError(c, 'invalid_grant', 'Invalid redirect URI');
      if (!form.code_verifier) return oauthError(c, 'invalid_request', 'code_verifier required');
      if ((await s256(form.code_verifier)) !== grant.challenge)
        return oauthError(c, 'invalid_grant', 'code_verifier was incorrect');
      const tokens = issueTokens(emu, { listenerId: grant.listenerId, clientId, scope: grant.scope });
      grant.familyId = store.tokens.get(tokens.access_token)?.familyId;
      return c.json(tokens);
    }

    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return oauthError(c, 'invalid_request', 'refresh_token must be supplied');
      const entry = store.refreshTokens.get(form.refresh_token);
      if (!entry || entry.clientId !== clientId || store.revokedFamilies.has(entry.familyId))
        return oauthError(c, 'invalid_grant', 'Invalid refresh token');
      if (entry.used) {
        // Reuse of a rotated refresh token: the whole family is revoked (RFC 9700 §4.14.2).
        store.revokedFamilies.add(entry.familyId);
        return oauthError(c, 'invalid_grant', 'Refresh token revoked');
      }
      if (entry.expiresAt <= emu.now()) return oauthError(c, 'invalid_grant', 'Refresh token expired');
      entry.used = true;
      return c.json(
        issueTokens(emu, {
          listenerId: entry.listenerId,
          clientId,
          scope: entry.scope,
          familyId: entry.familyId,
        }),
      );
    }

    if (!form.grant_type) return oauthError(c, 'unsupported_grant_type', 'grant_type parameter is missing');
    return oauthError(
      c,
      'unsupported_grant_type',
      'grant_type must be client_credentials, authorization_code or refresh_token',
    );
  });

  return app;
}
