import { describe, expect, it } from 'vitest';
import {
  adClickUrl,
  adLabel,
  adsHidden,
  adViewPercent,
  isAdTarget,
  isCrawlerAgent,
  isViewEnough,
} from './ads';
import { promoPageVariant } from './visibility';

describe('ads rules', () => {
  it('labels an ad with the advertiser, its taxpayer number when known, and the erid', () => {
    expect(adLabel({ advertiser: 'ООО «Ромашка»', advertiserInn: '7701234567', erid: 'Kra23f' })).toBe(
      'Реклама · ООО «Ромашка» · ИНН 7701234567 · erid: Kra23f',
    );
    expect(adLabel({ advertiser: 'Демо-рекламодатель', advertiserInn: null, erid: 'demo-1' })).toBe(
      'Реклама · Демо-рекламодатель · erid: demo-1',
    );
  });

  it('wants the whole banner seen, half of a demo one', () => {
    expect(adViewPercent(false)).toBe(100);
    expect(adViewPercent(true)).toBe(50);
    expect(isViewEnough(99, false)).toBe(false);
    expect(isViewEnough(100, false)).toBe(true);
    expect(isViewEnough(49, true)).toBe(false);
    expect(isViewEnough(50, true)).toBe(true);
  });

  it('builds the counted click link', () => {
    expect(adClickUrl(7, 'list_top', 'abc_-DEF')).toBe('/ad/event/c/7/?banner_type=list_top&key=abc_-DEF');
  });

  it('takes only a site address or a path of ours as a target', () => {
    for (const ok of ['https://clinic.example.ru/promo?utm=1', 'http://lab.example.org/', '/rating/', '/']) {
      expect(isAdTarget(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '//evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://user:pw@evil.example/',
      'https://good.ru@evil.ru/',
      'ftp://files.example.ru/',
      'https://localhost/',
      '/\\evil.example',
      'https://a.ru/ b',
    ]) {
      expect(isAdTarget(bad), bad).toBe(false);
    }
  });

  it('tells crawlers and headless browsers from people', () => {
    expect(isCrawlerAgent('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isCrawlerAgent('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0')).toBe(true);
    expect(isCrawlerAgent('')).toBe(true);
    expect(isCrawlerAgent(undefined)).toBe(true);
    expect(isCrawlerAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1')).toBe(false);
  });

  it('keys cached pages on hidden ads and crawlers, and only on the exact cookie value', () => {
    const person = 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36';
    expect(adsHidden({ ads_hidden: '1' })).toBe(true);
    expect(adsHidden({ ads_hidden: 'yes' })).toBe(false);
    expect(promoPageVariant({}, person)).toBe('');
    expect(promoPageVariant({ ads_hidden: '1' }, person)).toBe('|ads-hidden');
    expect(promoPageVariant({ ads_hidden: 'x' }, person)).toBe('');
    expect(promoPageVariant({ award_banner: 'hidden' }, 'Googlebot/2.1')).toBe('|award-hidden|crawler');
    expect(promoPageVariant({ app_promo: 'closed' })).toBe('|app-closed');
  });
});
