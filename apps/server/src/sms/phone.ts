import type { Language } from '@heavy-rotation/contracts';
import { isSupportedCountry, parsePhoneNumberWithError } from 'libphonenumber-js';
import { smsText } from './texts.ts';

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

/**
 * SMS_COUNTRIES as a set of region codes; an unknown code stops the start with the variable's name
 * (docs/decisions/020-abuse-limits.md, "Texts on our bill").
 */
export function textedCountries(list: string): ReadonlySet<string> {
  const codes = list.split(',').map((code) => code.trim().toUpperCase());
  const unknown = codes.filter((code) => !isSupportedCountry(code));
  if (unknown.length > 0)
    throw new Error(`Invalid configuration: SMS_COUNTRIES: not a country code: ${unknown.join(', ')}`);
  return new Set(codes);
}

/**
 * The kinds of number a code may go to. Premium-rate, shared-cost, toll-free, VoIP, pager, personal and
 * UAN numbers are where texts are pumped for a share of the fee (Twilio's guidance on SMS pumping); a
 * listener's own phone is a mobile or, in North America, a number that may be either.
 */
const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

export type Textable = { ok: true } | { ok: false; reason: 'country' | 'type'; error: string };

// Built once per language: a listener reads the country's name in their own language.
const regionNames = new Map<Language, Intl.DisplayNames>();
function regionName(language: Language, country: string): string | undefined {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    regionNames.set(language, names);
  }
  return names.of(country);
}

/**
 * Whether we text this (already valid, E.164) number: its country on the allow list, its type one a
 * person carries. The type needs libphonenumber's full metadata, loaded here on the server when the
 * first number is checked: the sheet's own check (contracts) keeps the small metadata, so the web
 * bundle does not grow.
 */
export async function textable(
  e164: string,
  countries: ReadonlySet<string>,
  language: Language,
): Promise<Textable> {
  const { parsePhoneNumberWithError: parseFull } = await import('libphonenumber-js/max');
  const phone = parseFull(e164);
  const country = phone.country;
  if (!country || !countries.has(country)) {
    const name = country ? regionName(language, country) : undefined;
    return {
      ok: false,
      reason: 'country',
      // The name stands in brackets, where "United Kingdom" needs no article (nor a gender in French).
      error: name
        ? smsText(language, 'sms.countryNotServedNamed', { country: name })
        : smsText(language, 'sms.countryNotServed'),
    };
  }
  const type = phone.getType();
  if (!type || !TEXTABLE_TYPES.has(type))
    return { ok: false, reason: 'type', error: smsText(language, 'sms.notMobile') };
  return { ok: true };
}

/**
 * The block a number belongs to: the number without its last three digits. Carriers hand out numbers
 * in blocks of a thousand (North America's number pooling), and pumping runs through a block's
 * numbers one after another, so a block shares one budget.
 */
export function numberBlock(e164: string): string {
  return e164.slice(0, -3);
}
