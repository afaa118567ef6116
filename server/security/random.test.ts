import { describe, expect, it } from 'vitest';
import { randomToken } from './random';

describe('randomToken', () => {
  it('gives base64url tokens of the asked length, never the same bytes twice across refills', () => {
    // 3,000 tokens of 24 bytes: 72 KB, about eighteen pools of 4 KB.
    const tokens = Array.from({ length: 3_000 }, () => randomToken(24));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is not a counter: the bits of many tokens are about half ones', () => {
    const bytes = Buffer.concat(Array.from({ length: 500 }, () => Buffer.from(randomToken(16), 'base64url')));
    expect(bytes.length).toBe(500 * 16);
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit++) ones += (byte >> bit) & 1;
    const share = ones / (bytes.length * 8);
    expect(share).toBeGreaterThan(0.48);
    expect(share).toBeLessThan(0.52);
  });
});
