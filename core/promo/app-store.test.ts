import { describe, expect, it } from 'vitest';
import { isAppleMobile, storeUrlFor } from './app-store';
import { promoPageVariant } from './visibility';

const links = { appStore: 'https://apps.apple.com/app', googlePlay: 'https://play.google.com/app' };
const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  ipadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('storeUrlFor', () => {
  it('sends iPhones, iPods and iPads to the App Store', () => {
    expect(storeUrlFor(links, UA.iphone)).toBe(links.appStore);
    expect(storeUrlFor(links, UA.ipod)).toBe(links.appStore);
    expect(storeUrlFor(links, UA.ipadOld)).toBe(links.appStore);
  });

  it('tells an iPad asking for the desktop site from a Mac by its touch screen', () => {
    expect(isAppleMobile(UA.mac, 5)).toBe(true);
    expect(storeUrlFor(links, UA.mac, 5)).toBe(links.appStore);
    expect(storeUrlFor(links, UA.mac, 0)).toBe(links.googlePlay);
  });

  it('sends Android and everything else to Google Play', () => {
    expect(storeUrlFor(links, UA.android, 5)).toBe(links.googlePlay);
    expect(storeUrlFor(links, UA.windows)).toBe(links.googlePlay);
    expect(storeUrlFor(links, '')).toBe(links.googlePlay);
  });
});

describe('promoPageVariant', () => {
  it('names only the exact dismissal values', () => {
    expect(promoPageVariant({})).toBe('');
    expect(promoPageVariant({ award_banner: 'hidden' })).toBe('|award-hidden');
    expect(promoPageVariant({ award_banner: 'hidden', app_promo: 'closed' })).toBe(
      '|award-hidden|app-closed',
    );
    expect(promoPageVariant({ award_banner: 'x'.repeat(50), app_promo: 'open' })).toBe('');
  });
});
