import { describe, expect, it } from 'vitest';
import { ownPhoneDigits } from './profile-contracts';

describe('ownPhoneDigits', () => {
  it('reads a Russian number in any usual writing', () => {
    expect(ownPhoneDigits('+7 (900) 123-45-67')).toBe('79001234567');
    expect(ownPhoneDigits('8 900 123 45 67')).toBe('79001234567');
    expect(ownPhoneDigits('9001234567')).toBe('79001234567');
    expect(ownPhoneDigits('+7 495 123-45-67')).toBe('74951234567');
  });

  it('is null for an empty field and false for anything else', () => {
    expect(ownPhoneDigits('  ')).toBeNull();
    expect(ownPhoneDigits('12345')).toBe(false);
    expect(ownPhoneDigits('+1 202 555 0100')).toBe(false);
    expect(ownPhoneDigits('8 (100) 123-45-67')).toBe(false);
    expect(ownPhoneDigits('звоните')).toBe(false);
  });
});
