import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  unstorableText,
  unstorableTextMessage,
} from './contracts';

describe('unstorableTextMessage', () => {
  it('refuses NUL and lone surrogates, keeps pairs and other text', () => {
    expect(unstorableTextMessage('a\u0000b')).toBe(CONTROL_CHARACTERS_MESSAGE);
    for (const lone of ['\ud800', 'x\udbff', '\udc00y', '\udfff\ud800', '😀'.slice(0, 1), '😀'.slice(1)])
      expect(unstorableTextMessage(lone), JSON.stringify(lone)).toBe(UNSTORABLE_TEXT_MESSAGE);
    for (const fine of ['', 'Врач', '😀😀', '\u0001', '\uffff', 'é'.normalize('NFD')])
      expect(unstorableTextMessage(fine), JSON.stringify(fine)).toBeNull();
  });
});

describe('unstorableText', () => {
  it('names the top-level field of a value or key found at any depth', () => {
    expect(unstorableText({ a: 'ok', b: [{ c: { d: '\ud800' } }] })).toEqual({
      field: 'b',
      detail: UNSTORABLE_TEXT_MESSAGE,
    });
    expect(unstorableText({ a: { '\u0000': 1 } })).toEqual({
      field: 'a',
      detail: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(unstorableText({ '\udfff': 1 })?.field).toBe('\udfff');
    expect(unstorableText('\ud800')).toEqual({ field: '', detail: UNSTORABLE_TEXT_MESSAGE });
    expect(unstorableText(['ok', ['\u0000']])?.field).toBe('');
    expect(unstorableText({ a: 'ok', n: 1, b: null, t: true })).toBeNull();
    expect(unstorableText(undefined)).toBeNull();
  });

  it('skips buffers and class instances, survives cycles and deep nesting', () => {
    const field: Record<string, unknown> = { type: 'field', value: 'a\u0000' };
    const body: Record<string, unknown> = { text: field };
    field.fields = body;
    expect(unstorableText(body)?.field).toBe('text');
    expect(unstorableText({ file: Buffer.from([0, 0xed, 0xa0, 0x80]), when: new Date() })).toBeNull();
    let deep: unknown = '\ud800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableText({ deep })?.field).toBe('deep');
    expect(unstorableText({ many: Array.from({ length: 300_000 }, () => 'x') })).toBeNull();
  });
});
