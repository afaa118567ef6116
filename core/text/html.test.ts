import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes markup and both quote kinds, and leaves text alone', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
    expect(escapeHtml('Нижний Новгород')).toBe('Нижний Новгород');
    expect(escapeHtml(42)).toBe('42');
  });
});
