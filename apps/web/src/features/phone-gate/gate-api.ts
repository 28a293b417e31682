import { BackendError, callBackend } from '../../lib/backend.ts';
import { readStoredUser, type StoredUser } from '../../lib/session.ts';

const FLAG_CACHE_MS = 5 * 60 * 1000;

let flagCache: { enabled: boolean; at: number } | null = null;

/** `sms_gate_enabled`, cached for 5 minutes; when the flag cannot be read the gate is assumed on. */
export async function smsGateEnabled(now = Date.now()): Promise<boolean> {
  if (flagCache && now - flagCache.at < FLAG_CACHE_MS) return flagCache.enabled;
  let enabled = true;
  try {
    const body = await callBackend<{ sms_gate_enabled?: unknown }>('/api/flags');
    enabled = body?.sms_gate_enabled !== false;
  } catch {
    enabled = true;
  }
  flagCache = { enabled, at: now };
  return enabled;
}

/** The signed-in user: from storage, else asked of the server (GET /auth/v1/user). */
export async function currentUser(accessToken: string | null): Promise<StoredUser | null> {
  const stored = readStoredUser();
  if (stored) return stored;
  try {
    const user = await callBackend<{
      id?: unknown;
      email?: unknown;
      user_metadata?: { display_name?: unknown };
    }>('/auth/v1/user', { accessToken });
    if (typeof user?.id !== 'string') return null;
    return {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : null,
      displayName:
        typeof user.user_metadata?.display_name === 'string' ? user.user_metadata.display_name : null,
    };
  } catch {
    return null;
  }
}

/** Whether the user's profile holds a phone number. No row (PGRST116) or a failed read means no phone. */
export async function userHasPhone(userId: string, accessToken: string | null): Promise<boolean> {
  try {
    const row = await callBackend<{ phone_e164?: unknown }>(
      `/rest/v1/user_profile?id=eq.${encodeURIComponent(userId)}&select=*`,
      { accessToken },
    );
    return typeof row?.phone_e164 === 'string' && row.phone_e164.length > 0;
  } catch {
    return false;
  }
}

/** Saves the number with the user's consent (POST /functions/v1/sms-subscribe). */
export async function subscribePhone(
  user: StoredUser,
  e164: string,
  accessToken: string | null,
): Promise<void> {
  await callBackend('/functions/v1/sms-subscribe', {
    accessToken,
    body: {
      spotifyUserId: user.id,
      spotifyUserEmail: user.email,
      spotifyUserDisplayName: user.displayName,
      phone: e164,
    },
  });
}

/** The text for a failed save (docs/product.md, "The phone gate and consent"): the server's words, else a generic line. */
export function saveErrorText(error: unknown): string {
  const serverText =
    error instanceof BackendError ? (error.body as { error?: unknown } | undefined)?.error : null;
  if (typeof serverText === 'string' && serverText.trim()) return serverText;
  if (error instanceof Error) return 'Failed to save phone number';
  return "Couldn't save number. Try again.";
}
