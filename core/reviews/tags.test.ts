import { describe, expect, it } from 'vitest';
import { parseTag, tagRedirectUrl, tagSearch, toggleTag } from './tags';

describe('review tags', () => {
  it('takes a translit as the tag and ignores anything else', () => {
    expect(parseTag('vnimatelniy-vrach')).toBe('vnimatelniy-vrach');
    expect(parseTag('Внимательный')).toBeNull();
    expect(parseTag('a b')).toBeNull();
    expect(parseTag('')).toBeNull();
    expect(parseTag(null)).toBeNull();
  });

  it('one tag is active at a time: another click switches, a second click on it clears', () => {
    expect(toggleTag(null, 'vezhliviy')).toBe('vezhliviy');
    expect(toggleTag('vezhliviy', 'chisto')).toBe('chisto');
    expect(toggleTag('chisto', 'chisto')).toBeNull();
  });

  it('rewrites the tag in the query and drops the page, keeping the type', () => {
    expect(tagSearch('?type=negative&page=3', 'dolgo')).toBe('?type=negative&tag=dolgo');
    expect(tagSearch('?type=negative&tag=dolgo', null)).toBe('?type=negative');
    expect(tagSearch('', null)).toBe('');
  });

  it('redirect mode goes to the reviews page with the query and #tab-content', () => {
    expect(tagRedirectUrl('/moskva/vrach/1-ivanov/otzivi/', '?club=1', 'dolgo')).toBe(
      '/moskva/vrach/1-ivanov/otzivi/?club=1&tag=dolgo#tab-content',
    );
    expect(tagRedirectUrl('/moskva/vrach/1-ivanov/otzivi/', '', null)).toBe(
      '/moskva/vrach/1-ivanov/otzivi/#tab-content',
    );
  });
});
