import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES } from './phone';
import { DISPLAY_CALLING_CODES, maskPhoneForDisplay } from './phone-display';

describe('maskPhoneForDisplay', () => {
  it('hides the middle digits', () => {
    expect(maskPhoneForDisplay('79001234567')).toBe('+7 900 ***-**-67');
    expect(maskPhoneForDisplay('37251234567')).toBe('+372 512 ***-67');
    expect(maskPhoneForDisplay('994401234567')).toBe('+994 401 **-**-67');
  });

  it('shows nothing for junk and short numbers whole', () => {
    expect(maskPhoneForDisplay('')).toBe('');
    expect(maskPhoneForDisplay('+7900')).toBe('');
    expect(maskPhoneForDisplay('71234')).toBe('+71234');
  });

  it('knows the calling codes of every supported country', () => {
    expect([...new Set(PHONE_COUNTRIES.map((c) => c.code))].sort()).toEqual(
      [...DISPLAY_CALLING_CODES].sort(),
    );
  });
});
