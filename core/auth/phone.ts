/**
 * Phone numbers for sign-in (docs/product/sign-in.md: the countries, the phone field, lengths).
 *
 * Metadata: `libphonenumber-js/mobile` — the min build's code with mobile-only metadata. Measured
 * (this module bundled, minified, gzipped): min 30.1 KB, mobile 34.9 KB, max 50.6 KB. Mobile
 * costs ~5 KB over min but gives the lengths of mobile numbers (min says 10–14 digits for ru,
 * 6–11 for by: fixed lines and service numbers) and rejects landlines, which can receive
 * neither an SMS nor a flash call. Only the sign-in form loads it: the header's masked phone
 * comes from ./phone-display.ts, which has no metadata.
 */

import type { CountryCode, NumberingPlan } from 'libphonenumber-js/mobile';
import { getCountryCallingCode, Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

export const PHONE_COUNTRY_ISOS = [
  'ru',
  'az',
  'am',
  'by',
  'kz',
  'kg',
  'tj',
  'uz',
  'ee',
  'ge',
  'lt',
  'lv',
  'md',
] as const;
export type PhoneCountryIso = (typeof PHONE_COUNTRY_ISOS)[number];

export interface PhoneCountry {
  iso: PhoneCountryIso;
  /** Country calling code, digits only ('7', '994'). */
  code: string;
  /** Display masks, '#' for a digit; shorter first. The ru mask keeps the literal 9 of Russian mobiles. */
  masks: readonly string[];
  /** National number length bounds (without the calling code) of mobile numbers. */
  minLength: number;
  maxLength: number;
}

/** The display masks of the supported countries (one per national length the country uses). */
const MASKS: Record<PhoneCountryIso, readonly string[]> = {
  ru: ['+7 9## ###-##-##'],
  az: ['+994 ## ###-##-##'],
  am: ['+374 ## ###-###'],
  by: ['+375 ## ###-##-##'],
  kz: ['+7 ### ###-##-##'],
  kg: ['+996 ### ###-###'],
  tj: ['+992 ## ###-####'],
  uz: ['+998 ## ###-##-##'],
  ee: ['+372 ###-####', '+372 ####-####'],
  ge: ['+995 ### ###-###'],
  lt: ['+370 ### #####'],
  lv: ['+371 ## ###-###'],
  md: ['+373 ## ###-###'],
};

function buildCountry(iso: PhoneCountryIso): PhoneCountry {
  const region = iso.toUpperCase() as CountryCode;
  const metadata = new Metadata();
  metadata.selectNumberingPlan(region);
  // The plan's own lengths still count service numbers (ru: 10–14); the mobile type's are exact.
  // `type()` exists on the plan at runtime but is missing from the published typings.
  const plan = metadata.numberingPlan as
    | (NumberingPlan & { type(name: 'MOBILE'): { possibleLengths(): number[] } | undefined })
    | undefined;
  const lengths: number[] = plan?.type('MOBILE')?.possibleLengths() ?? plan?.possibleLengths() ?? [];
  return {
    iso,
    code: getCountryCallingCode(region),
    masks: MASKS[iso],
    minLength: Math.min(...lengths),
    maxLength: Math.max(...lengths),
  };
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = PHONE_COUNTRY_ISOS.map(buildCountry);

const BY_ISO = new Map(PHONE_COUNTRIES.map((c) => [c.iso, c]));

export function phoneCountry(iso: PhoneCountryIso): PhoneCountry {
  return BY_ISO.get(iso) ?? (BY_ISO.get('ru') as PhoneCountry);
}

export function isPhoneCountryIso(value: unknown): value is PhoneCountryIso {
  return typeof value === 'string' && (PHONE_COUNTRY_ISOS as readonly string[]).includes(value);
}

/** A Russian number is 11 digits with the country code. */
export const PHONE_LENGTH = 11;

/** How many digits a display mask holds ('#' and literal digits after the calling code). */
export function maskDigitCount(mask: string): number {
  const national = mask.replace(/^\+\d+\s*/, '');
  return (national.match(/[#\d]/g) ?? []).length;
}

/** Whether national digits fit a mask: same count, and literal digits of the mask match. */
function fitsMask(national: string, mask: string): boolean {
  const slots = mask.replace(/^\+\d+\s*/, '').replace(/[^#\d]/g, '');
  if (slots.length !== national.length) return false;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i] !== '#' && slots[i] !== national[i]) return false;
  }
  return true;
}

/**
 * A full number with its calling code ('79001234567'), valid (mobile) for one of the supported
 * countries and fitting that country's mask (so ru begins with 9 after 7); else null.
 */
export function parsePhoneDigits(digits: string): { digits: string; iso: PhoneCountryIso } | null {
  if (!/^\d{6,15}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.country || !parsed.isValid()) return null;
  const iso = parsed.country.toLowerCase();
  if (!isPhoneCountryIso(iso)) return null;
  const national = String(parsed.nationalNumber);
  // libphonenumber accepts national prefixes and such; insist on the plain form the masks show.
  if (`${parsed.countryCallingCode}${national}` !== digits) return null;
  if (!phoneCountry(iso).masks.some((mask) => fitsMask(national, mask))) return null;
  return { digits, iso };
}

/** The country calling code of a full number ('79001234567' → '7'); '' when it has none. */
export function phonePrefix(digits: string): string {
  if (!/^\d+$/.test(digits)) return '';
  return parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? '';
}

/** The full number of what the field holds: calling code + national digits, digits only. */
export function fullPhoneDigits(iso: PhoneCountryIso, national: string): string {
  return `${phoneCountry(iso).code}${national.replace(/\D/g, '')}`;
}

export const PHONE_REQUIRED = 'Укажите номер телефона';

export function phoneFormatMessage(iso: PhoneCountryIso): string {
  return `Укажите номер в формате ${phoneCountry(iso).masks.join(', ')}`;
}

/**
 * Validates the phone field: `national` is what the user typed after the
 * country's prefix (any formatting). Returns the error text, or null when valid.
 */
export function validatePhoneInput(national: string, iso: PhoneCountryIso = 'ru'): string | null {
  const digits = national.replace(/\D/g, '');
  if (digits === '') return PHONE_REQUIRED;
  const country = phoneCountry(iso);
  if (digits.length < country.minLength || digits.length > country.maxLength) return phoneFormatMessage(iso);
  const parsed = parsePhoneDigits(`${country.code}${digits}`);
  if (!parsed || parsed.iso !== iso) return phoneFormatMessage(iso);
  return null;
}

/** A full number in international form ('79001234567' → '+7 900 123 45 67'). */
export function formatPhoneDigits(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}
