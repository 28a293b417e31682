import type { SmsConfirmRequest, SmsSubscribeRequest } from '@heavy-rotation/contracts';
import { NO_ROW_CODE } from '@heavy-rotation/contracts/constants';
import type { Language } from '@heavy-rotation/contracts/languages';
import { t } from '../../i18n/i18n.ts';
import { BackendError, callBackend, sendToBackend } from '../../lib/backend.ts';
import { KEYS, readStoredUser, type StoredUser } from '../../lib/session.ts';
import { readString, writeString } from '../../lib/storage.ts';

const FLAG_CACHE_MS = 5 * 60 * 1000;
/** "Not now" keeps the sheet away this long (docs/product.md, "The phone gate and consent"). */
export const SKIP_MS = 7 * 24 * 60 * 60 * 1000;

let flagCache: { enabled: boolean; at: number } | null = null;

/** `sms_gate_enabled`, cached for 5 minutes; when the flag cannot be read the gate is assumed on. */
export async function smsGateEnabled(now = Date.now()): Promise<boolean> {
  if (flagCache && now - flagCache.at < FLAG_CACHE_MS) return flagCache.enabled;
  let enabled = true;
  try {
    enabled = (await callBackend('/api/flags', 'flags')).sms_gate_enabled;
  } catch (error) {
    console.warn('The SMS gate flag could not be read; the gate stays on', describe(error));
  }
  flagCache = { enabled, at: now };
  return enabled;
}

/** The signed-in user: from storage, else asked of the server (GET /auth/v1/user). */
export async function currentUser(accessToken: string | null): Promise<StoredUser | null> {
  const stored = readStoredUser();
  if (stored) return stored;
  try {
    const user = await callBackend('/auth/v1/user', 'authUser', { accessToken });
    return { id: user.id, email: user.email ?? null, displayName: user.user_metadata?.display_name ?? null };
  } catch (error) {
    console.warn('The signed-in user could not be read', describe(error));
    return null;
  }
}

/** Whether the user's profile holds a phone number. No row (PGRST116) or a failed read means no phone. */
export async function userHasPhone(userId: string, accessToken: string | null): Promise<boolean> {
  try {
    const row = await callBackend(
      `/rest/v1/user_profile?id=eq.${encodeURIComponent(userId)}&select=*`,
      'userProfileRow',
      { accessToken },
    );
    return typeof row.phone_e164 === 'string' && row.phone_e164.length > 0;
  } catch (error) {
    // No row yet is the usual answer for a new listener; anything else is worth a note.
    if (!(error instanceof BackendError && error.status === 406)) {
      console.warn(`The profile could not be read (treated as ${NO_ROW_CODE}: no phone)`, describe(error));
    }
    return false;
  }
}

/** What the sheet needs to ask for the code: where it went (masked) and when a new one may be asked for. */
export interface CodeSent {
  sentTo: string;
  resendAfterSeconds: number;
}

/** The consent the sheet showed: its language and its version (CONSENTS), which the server records. */
export interface ShownConsent {
  language: Language;
  version: string;
}

/**
 * Asks the server to text a code to the number, with the consent the sheet showed
 * (POST /functions/v1/sms-subscribe). Nothing is kept as the listener's until the code comes back.
 */
export async function sendCode(
  user: StoredUser,
  e164: string,
  consent: ShownConsent,
  accessToken: string | null,
): Promise<CodeSent> {
  const body: SmsSubscribeRequest = {
    spotifyUserId: user.id,
    phone: e164,
    consentVersion: consent.version,
    consentLanguage: consent.language,
  };
  const reply = await callBackend('/functions/v1/sms-subscribe', 'smsCodeSent', { accessToken, body });
  return { sentTo: reply.sentTo, resendAfterSeconds: reply.resendAfterSeconds };
}

/** Sends back the texted code (POST /functions/v1/sms-confirm): the number and the consent are then kept. */
export async function confirmCode(code: string, accessToken: string | null): Promise<void> {
  const body: SmsConfirmRequest = { code };
  await sendToBackend('/functions/v1/sms-confirm', { accessToken, body });
}

/**
 * The server's refusals the sheet shows in place, under the field (a STOPped number, a wrong or expired
 * code, a code asked for too soon); anything else is a toast.
 */
export function sheetErrorText(error: unknown): string | null {
  if (!(error instanceof BackendError) || !error.serverText) return null;
  return [400, 409, 410, 429].includes(error.status) ? error.serverText : null;
}

/** The text for a failed save (docs/product.md, "The phone gate and consent"): the server's words, else a generic line. */
export function saveErrorText(error: unknown): string {
  if (error instanceof BackendError && error.serverText) return error.serverText;
  if (error instanceof Error) return t('phone.saveFailed');
  return t('phone.saveFailedRetry');
}

/** Whether the listener chose "Not now" less than 7 days ago. */
export function skippedRecently(now = Date.now()): boolean {
  const at = Number(readString(KEYS.smsGateSkippedAt));
  return Number.isFinite(at) && at > 0 && now - at < SKIP_MS;
}

/** Remembers "Not now", so the sheet stays away for 7 days. */
export function rememberSkip(now = Date.now()): void {
  writeString(KEYS.smsGateSkippedAt, String(now));
}

function describe(error: unknown): string {
  return error instanceof BackendError ? `${error.kind} ${error.status}` : String(error);
}
