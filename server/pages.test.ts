import { describe, expect, it } from 'vitest';
import { publicUrlOf, withTrailingSlash } from './pages';

describe('withTrailingSlash', () => {
  it('redirects page paths to their slash-terminated form, keeping the query', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach')).toBe('/moskva/vrach/');
    expect(withTrailingSlash('GET', '/moskva/vrach/terapevt?page=2')).toBe('/moskva/vrach/terapevt/?page=2');
  });

  it('leaves canonical paths, files, data requests and posts alone', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach/')).toBeNull();
    expect(withTrailingSlash('GET', '/assets/root-abc.js')).toBeNull();
    expect(withTrailingSlash('GET', '/moskva/vrach/_.data')).toBeNull();
    expect(withTrailingSlash('GET', '/moskva/vrach/_.data?page=2')).toBeNull();
    expect(withTrailingSlash('POST', '/moskva/vrach')).toBeNull();
    expect(withTrailingSlash('GET', '/__manifest?p=%2Fmoskva%2Fvrach%2F&version=abc')).toBeNull();
  });

  it('never redirects to another site', () => {
    expect(withTrailingSlash('GET', '//evil.example/x')).toBe('/evil.example/x/');
    expect(withTrailingSlash('GET', '///evil.example/x?a=1')).toBe('/evil.example/x/?a=1');
  });
});

describe('publicUrlOf', () => {
  const origin = 'https://portal.example.ru';

  it('puts the request target on the public origin', () => {
    expect(publicUrlOf(origin, '/moskva/lpu/?page=2').href).toBe(
      'https://portal.example.ru/moskva/lpu/?page=2',
    );
  });

  it('keeps no host a request target names', () => {
    const slashes = publicUrlOf(origin, '//evil.example/x');
    expect(slashes.origin).toBe(origin);
    expect(slashes.pathname).toBe('//evil.example/x');
    expect(publicUrlOf(origin, '/\\evil.example/x').origin).toBe(origin);
    expect(publicUrlOf(origin, 'http://evil.example/moskva/?a=1').href).toBe(
      'https://portal.example.ru/moskva/?a=1',
    );
  });

  it('refuses a target that is no URL with a 400', () => {
    expect(() => publicUrlOf(origin, 'http://[')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
