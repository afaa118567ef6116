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

  it('resolves dot segments before it judges the path', () => {
    for (const raw of [
      '/..//evil.example',
      '/../..//evil.example/x?y=1',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/%2e.//evil.example',
      '/moskva/../..//evil.example',
      '/moskva/%2e%2e/%2e%2e//evil.example',
      '/./..//evil.example',
      '/..\\/evil.example',
      '/../\\evil.example',
      '/..//\\evil.example',
    ]) {
      expect(safeNextPath(raw), raw).toBe('/');
    }
  });

  it('keeps a path whose dot segments stay on the site, resolved', () => {
    expect(safeNextPath('/moskva/../favourites/')).toBe('/favourites/');
    expect(safeNextPath('/a/./b/?next=//evil.example')).toBe('/a/b/?next=//evil.example');
    expect(safeNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
