import { parsePhoneNumberWithError } from 'libphonenumber-js';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: string };

/** Spec §5: default country US, national numbers of 2-17 digits, inputs over 250 characters refused. */
export function validatePhone(input: string): PhoneCheck {
  const text = input.trim();
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

/** The analytics country of an E.164 number: "+1" for US/Canada, else its calling code, else 'unknown'. */
export function phoneCountry(e164: string): string {
  try {
    const code = parsePhoneNumberWithError(e164).countryCallingCode;
    return `+${code}`;
  } catch {
    const digits = /^\+(\d{1,4})/.exec(e164)?.[1];
    return digits ? `+${digits}` : 'unknown';
  }
}

export const CONSENT_TEXT =
  'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
  'Message and data rates may apply. Reply STOP to unsubscribe.';
