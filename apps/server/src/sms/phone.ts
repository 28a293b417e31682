import { parsePhoneNumberWithError } from 'libphonenumber-js';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: string };

/** The phone rules (docs/product.md, "The phone gate and consent"): default country US, its three messages, E.164 out. */
export function checkPhone(input: unknown): PhoneCheck {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, error: 'Phone number is required' };
  if (text.length > 250) return { ok: false, error: 'Invalid phone number format' };
  try {
    const phone = parsePhoneNumberWithError(text, 'US');
    const national = phone.nationalNumber.length;
    if (!phone.isValid() || national < 2 || national > 17)
      return { ok: false, error: 'Invalid phone number' };
    return { ok: true, e164: phone.number };
  } catch {
    return { ok: false, error: 'Invalid phone number format' };
  }
}

/** "+15551234567" → "+1••••••4567": enough to recognise, too little to use. */
export function maskPhone(e164: string | null): string | null {
  if (!e164) return null;
  try {
    const phone = parsePhoneNumberWithError(e164);
    const national = phone.nationalNumber;
    return `+${phone.countryCallingCode}${'•'.repeat(Math.max(national.length - 4, 0))}${national.slice(-4)}`;
  } catch {
    return `${e164.slice(0, 2)}•••${e164.slice(-2)}`;
  }
}
