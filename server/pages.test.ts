import { describe, expect, it } from 'vitest';
import { withTrailingSlash } from './pages';

describe('withTrailingSlash', () => {
  it('redirects page paths to their slash-terminated form, keeping the query', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach')).toBe('/moskva/vrach/');
    expect(withTrailingSlash('GET', '/moskva/vrach/terapevt?page=2')).toBe('/moskva/vrach/terapevt/?page=2');
  });

  it('leaves canonical paths, files, data requests and posts alone', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach/')).toBeNull();
    expect(withTrailingSlash('GET', '/assets/root-abc.js')).toBeNull();
    expect(withTrailingSlash('GET', '/moskva/vrach.data')).toBeNull();
    expect(withTrailingSlash('POST', '/moskva/vrach')).toBeNull();
    expect(withTrailingSlash('GET', '/__manifest?p=%2Fmoskva%2Fvrach%2F&version=abc')).toBeNull();
  });
});
