/**
 * The operator's registration numbers (docs/product/legal.md): ИНН and ОГРН carry check digits
 * the tax service computes, so a mistyped number is caught before it is printed in the policy.
 */

const INN_10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_12_FIRST_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_12_SECOND_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** Σ digit × weight, mod 11, mod 10: the ИНН's check digit over the digits before it. */
function innCheckDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return (sum % 11) % 10;
}

/**
 * Why a value is not an ИНН, or null: 10 digits (an organisation) or 12 (an individual
 * entrepreneur), with the check digit (10) or the two check digits (12) the tax service computes.
 */
export function innProblem(value: string): string | null {
  if (!/^(\d{10}|\d{12})$/.test(value)) return '10 digits (an organisation) or 12 (an entrepreneur)';
  if (value.length === 10) {
    return innCheckDigit(value, INN_10_WEIGHTS) === Number(value[9]) ? null : 'the check digit is wrong';
  }
  const first = innCheckDigit(value, INN_12_FIRST_WEIGHTS) === Number(value[10]);
  const second = innCheckDigit(value, INN_12_SECOND_WEIGHTS) === Number(value[11]);
  return first && second ? null : 'the check digits are wrong';
}

/**
 * Why a value is not an ОГРН, or null: 13 digits (an organisation: the first 12 as a number,
 * mod 11, mod 10) or 15 (ОГРНИП, an entrepreneur: the first 14, mod 13, mod 10), the last one
 * being that check digit. The first digit is the record's kind: 1 or 5 for ОГРН, 3 for ОГРНИП.
 */
export function ogrnProblem(value: string): string | null {
  if (!/^(\d{13}|\d{15})$/.test(value)) return '13 digits (an organisation) or 15 (an entrepreneur)';
  const short = value.length === 13;
  if (short ? !/^[15]/.test(value) : !value.startsWith('3'))
    return short ? 'an organisation’s ОГРН starts with 1 or 5' : 'an entrepreneur’s ОГРНИП starts with 3';
  const body = BigInt(value.slice(0, -1));
  const check = Number((body % (short ? 11n : 13n)) % 10n);
  return check === Number(value.at(-1)) ? null : 'the check digit is wrong';
}

/** The same kind of entity: a 10-digit ИНН goes with a 13-digit ОГРН, a 12-digit one with 15. */
export function requisitesMismatch(inn: string, ogrn: string): string | null {
  const organisation = inn.length === 10;
  if (organisation === (ogrn.length === 13)) return null;
  return organisation
    ? 'an organisation’s 10-digit ИНН goes with a 13-digit ОГРН'
    : 'an entrepreneur’s 12-digit ИНН goes with a 15-digit ОГРНИП';
}
