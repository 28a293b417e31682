import { createHash, randomBytes } from 'node:crypto';
import type { Emulator } from '../context.ts';

export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

interface IssueOptions {
  listenerId: string;
  clientId: string;
  scope: string;
  /** Continue a rotation family; a new family starts at each authorization. */
  familyId?: string;
  expiresIn?: number;
}

/** Issues an access token and a refresh token belonging to one rotation family. */
export function issueTokens(emu: Emulator, options: IssueOptions): TokenSet {
  const familyId = options.familyId ?? randomBytes(12).toString('base64url');
  const expiresIn = options.expiresIn ?? emu.accessTokenSeconds;
  const access = `BQ${randomBytes(48).toString('base64url')}`;
  const refresh = `AQ${randomBytes(48).toString('base64url')}`;
  const now = emu.now();
  emu.store.tokens.set(access, {
    listenerId: options.listenerId,
    familyId,
    scope: options.scope,
    expiresAt: now + expiresIn * 1000,
  });
  emu.store.refreshTokens.set(refresh, {
    listenerId: options.listenerId,
    clientId: options.clientId,
    familyId,
    scope: options.scope,
    expiresAt: now + emu.refreshTokenSeconds * 1000,
    used: false,
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_token: refresh,
    scope: options.scope,
  };
}

export async function s256(verifier: string): Promise<string> {
  return createHash('sha256').update(verifier).digest('base64url');
}
