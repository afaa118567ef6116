import { describe, expect, it } from 'vitest';
import { websiteLink } from './website';

describe('websiteLink', () => {
  it('links an http(s) address by its host', () => {
    expect(websiteLink('https://www.klinika-prima.ru/o-nas/')).toEqual({
      href: 'https://www.klinika-prima.ru/o-nas/',
      label: 'klinika-prima.ru',
    });
    expect(websiteLink(' http://Клиника.рф ')).toEqual({
      href: 'http://xn--80apagcdp.xn--p1ai/',
      label: 'клиника.рф',
    });
  });

  it('links nothing else', () => {
    expect(websiteLink(null)).toBeNull();
    expect(websiteLink('')).toBeNull();
    expect(websiteLink('javascript:alert(1)')).toBeNull();
    expect(websiteLink('klinika.ru')).toBeNull();
    expect(websiteLink('ftp://klinika.ru/')).toBeNull();
    expect(websiteLink('https://klinika.ru@evil.example/')).toBeNull();
  });
});
