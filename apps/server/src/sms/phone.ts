import { parsePhoneNumberWithError } from 'libphonenumber-js';

// The phone rules themselves (checkPhone) live in @heavy-rotation/contracts/phone, shared with the sheet.

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
