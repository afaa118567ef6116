import { describe, expect, it } from 'vitest';
import {
  formatPhoneDigits,
  fullPhoneDigits,
  maskDigitCount,
  PHONE_COUNTRIES,
  PHONE_COUNTRY_ISOS,
  parsePhoneDigits,
  phoneCountry,
  phonePrefix,
  validatePhoneInput,
} from './phone';

/** A valid mobile number per country (national part), from libphonenumber's examples. */
const SAMPLES: Record<string, string> = {
  ru: '9123456789',
  az: '401234567',
  am: '77123456',
  by: '294911911',
  kz: '7710009998',
  kg: '700123456',
  tj: '917123456',
  uz: '912345678',
  ee: '51234567',
  ge: '555123456',
  lt: '61234567',
  lv: '21234567',
  md: '62112345',
};

describe('PHONE_COUNTRIES', () => {
  it('lists the supported countries with calling codes, masks and mobile lengths', () => {
    expect(PHONE_COUNTRIES.map((c) => c.iso)).toEqual([...PHONE_COUNTRY_ISOS]);
    expect(phoneCountry('ru')).toEqual({
      iso: 'ru',
      code: '7',
      masks: ['+7 9## ###-##-##'],
      minLength: 10,
      maxLength: 10,
    });
    expect(phoneCountry('az').code).toBe('994');
    expect(phoneCountry('kz').code).toBe('7');
    expect(phoneCountry('by')).toMatchObject({ code: '375', minLength: 9, maxLength: 9 });
    expect(phoneCountry('ee')).toMatchObject({ code: '372', minLength: 7, maxLength: 8 });
  });

  it('has masks whose digit counts lie within the metadata lengths', () => {
    for (const c of PHONE_COUNTRIES) {
      for (const mask of c.masks) {
        expect(mask.startsWith(`+${c.code} `)).toBe(true);
        const n = maskDigitCount(mask);
        expect(n).toBeGreaterThanOrEqual(c.minLength);
        expect(n).toBeLessThanOrEqual(c.maxLength);
      }
    }
  });
});

describe('parsePhoneDigits', () => {
  it('accepts a valid mobile number of every supported country', () => {
    for (const c of PHONE_COUNTRIES) {
      const digits = `${c.code}${SAMPLES[c.iso]}`;
      expect(parsePhoneDigits(digits)).toEqual({ digits, iso: c.iso });
    }
  });

  it('tells Russia from Kazakhstan within +7', () => {
    expect(parsePhoneDigits('79001234567')?.iso).toBe('ru');
    expect(parsePhoneDigits('77011234567')?.iso).toBe('kz');
  });

  it('requires a Russian number to begin with 9 after 7', () => {
    expect(parsePhoneDigits('74951234567')).toBeNull();
    expect(parsePhoneDigits('78001234567')).toBeNull();
  });

  it('rejects other countries, wrong lengths and non-digits', () => {
    expect(parsePhoneDigits('12025550123')).toBeNull(); // US
    expect(parsePhoneDigits('380501234567')).toBeNull(); // UA: not in the list
    expect(parsePhoneDigits('7900123456')).toBeNull();
    expect(parsePhoneDigits('790012345678')).toBeNull();
    expect(parsePhoneDigits('+79001234567')).toBeNull();
    expect(parsePhoneDigits('7 900 123 45 67')).toBeNull();
    expect(parsePhoneDigits('')).toBeNull();
    expect(parsePhoneDigits('89001234567')).toBeNull();
  });
});

describe('phonePrefix', () => {
  it('gives the calling code of a full number', () => {
    expect(phonePrefix('79001234567')).toBe('7');
    expect(phonePrefix('994401234567')).toBe('994');
    expect(phonePrefix('37251234567')).toBe('372');
    expect(phonePrefix('12025550123')).toBe('1');
  });

  it('gives an empty string for junk', () => {
    expect(phonePrefix('')).toBe('');
    expect(phonePrefix('abc')).toBe('');
    expect(phonePrefix('0000')).toBe('');
  });
});

describe('validatePhoneInput', () => {
  it('asks for a number when empty', () => {
    expect(validatePhoneInput('')).toBe('Укажите номер телефона');
    expect(validatePhoneInput(' -() ')).toBe('Укажите номер телефона');
  });

  it('shows the country masks on a wrong number', () => {
    expect(validatePhoneInput('900 123-45')).toBe('Укажите номер в формате +7 9## ###-##-##');
    expect(validatePhoneInput('4951234567')).toBe('Укажите номер в формате +7 9## ###-##-##');
    expect(validatePhoneInput('12345', 'ee')).toBe('Укажите номер в формате +372 ###-####, +372 ####-####');
  });

  it('rejects a number of another country sharing the calling code', () => {
    expect(validatePhoneInput('7011234567', 'ru')).toBe('Укажите номер в формате +7 9## ###-##-##');
    expect(validatePhoneInput('9001234567', 'kz')).toBe('Укажите номер в формате +7 ### ###-##-##');
  });

  it('accepts a formatted valid number', () => {
    expect(validatePhoneInput('900 123-45-67')).toBeNull();
    expect(validatePhoneInput('701 123-45-67', 'kz')).toBeNull();
    expect(validatePhoneInput('5123456', 'ee')).toBeNull();
    expect(validatePhoneInput('51234567', 'ee')).toBeNull();
  });
});

describe('fullPhoneDigits', () => {
  it('prefixes the calling code and drops formatting', () => {
    expect(fullPhoneDigits('ru', '900 123-45-67')).toBe('79001234567');
    expect(fullPhoneDigits('az', '40 123-45-67')).toBe('994401234567');
  });
});

describe('formatPhoneDigits', () => {
  it('formats a full number internationally', () => {
    expect(formatPhoneDigits('79001234567')).toBe('+7 900 123 45 67');
    expect(formatPhoneDigits('x')).toBe('x');
  });
});
