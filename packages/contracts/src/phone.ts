import { parsePhoneNumberWithError } from 'libphonenumber-js';

/** Why a number was refused: the sheet and the server each say it in the listener's language. */
export type PhoneProblem = 'required' | 'invalid' | 'format';
export type PhoneCheck = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

/** Longest input read at all: anything longer is not a phone number. */
const MAX_INPUT = 250;

/**
 * The phone rules of docs/product.md, "The phone gate and consent": US by default, a national number
 * of 2 to 17 digits, E.164 out, and the sheet's three problems. The sheet and the server both use it.
 */
export function checkPhone(input: unknown): PhoneCheck {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, problem: 'required' };
  if (text.length > MAX_INPUT) return { ok: false, problem: 'format' };
  try {
    const phone = parsePhoneNumberWithError(text, 'US');
    const national = phone.nationalNumber.length;
    if (!phone.isValid() || national < 2 || national > 17) return { ok: false, problem: 'invalid' };
    return { ok: true, e164: phone.number };
  } catch {
    return { ok: false, problem: 'format' };
  }
}

/** The analytics country of an E.164 number: "+1" for US and Canada, else its calling code, else 'unknown'. */
export function phoneCountry(e164: string): string {
  try {
    return `+${parsePhoneNumberWithError(e164).countryCallingCode}`;
  } catch {
    const digits = /^\+(\d{1,4})/.exec(e164)?.[1];
    return digits ? `+${digits}` : 'unknown';
  }
}
