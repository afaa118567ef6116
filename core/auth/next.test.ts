import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next';

describe('safeNextPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeNextPath('/doctors/1/?addToFavourites=5#reviews')).toBe(
      '/doctors/1/?addToFavourites=5#reviews',
    );
    expect(safeNextPath('/favourites')).toBe('/favourites');
  });

  it('refuses other origins and tricks', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil',
      'javascript:alert(1)',
      'favourites',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(raw)).toBe('/');
    }
    expect(safeNextPath('//evil.example', '/login/')).toBe('/login/');
  });
});
