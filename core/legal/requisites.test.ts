import { describe, expect, it } from 'vitest';
import { innProblem, ogrnProblem, requisitesMismatch } from './requisites';

describe('innProblem', () => {
  it.each([
    ['an organisation (Сбербанк)', '7707083893'],
    ['an organisation (Яндекс)', '7736207543'],
    ['an entrepreneur, both check digits', '500000000029'],
    ['the demo operator’s fictitious number (region 00)', '0012345673'],
  ])('accepts %s', (_name, inn) => {
    expect(innProblem(inn)).toBeNull();
  });

  it('refuses a wrong check digit, each of the 12-digit one’s two, and wrong lengths or signs', () => {
    expect(innProblem('7707083894')).toBe('the check digit is wrong');
    expect(innProblem('500000000039')).toBe('the check digits are wrong');
    expect(innProblem('500000000028')).toBe('the check digits are wrong');
    for (const wrong of ['770708389', '77070838930', '7707 083893', 'ИНН7707083893', '', '77070838931234'])
      expect(innProblem(wrong), wrong).toBe('10 digits (an organisation) or 12 (an entrepreneur)');
  });
});

describe('ogrnProblem', () => {
  it.each([
    ['an organisation (Сбербанк)', '1027700132195'],
    ['an organisation (Яндекс)', '1027700229193'],
    ['an entrepreneur’s ОГРНИП', '300000000000004'],
    ['the demo operator’s fictitious number (region 00)', '1020001234560'],
  ])('accepts %s', (_name, ogrn) => {
    expect(ogrnProblem(ogrn)).toBeNull();
  });

  it('refuses a wrong check digit, a wrong first digit and wrong lengths', () => {
    expect(ogrnProblem('1027700132196')).toBe('the check digit is wrong');
    expect(ogrnProblem('300000000000005')).toBe('the check digit is wrong');
    expect(ogrnProblem('2027700132195')).toMatch(/starts with 1 or 5/);
    expect(ogrnProblem('100000000000004')).toMatch(/ОГРНИП starts with 3/);
    for (const wrong of ['102770013219', '10277001321950', '1027700-132195', ''])
      expect(ogrnProblem(wrong), wrong).toMatch(/^13 digits/);
  });
});

describe('requisitesMismatch', () => {
  it('pairs an organisation’s ИНН with an ОГРН and an entrepreneur’s with an ОГРНИП', () => {
    expect(requisitesMismatch('7707083893', '1027700132195')).toBeNull();
    expect(requisitesMismatch('500000000029', '300000000000004')).toBeNull();
    expect(requisitesMismatch('7707083893', '300000000000004')).toMatch(/13-digit ОГРН/);
    expect(requisitesMismatch('500000000029', '1027700132195')).toMatch(/15-digit ОГРНИП/);
  });
});
