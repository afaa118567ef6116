import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQueryOf } from './page-query';

const Schema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  tone: z.enum(['positive', 'negative']).optional(),
  doctor: z.string().regex(/^\d+$/).transform(Number).optional(),
});

describe('pageQueryOf', () => {
  it('keeps every valid parameter', () => {
    expect(pageQueryOf(Schema, new URLSearchParams('tone=positive&doctor=5&page=2'))).toEqual({
      page: 2,
      tone: 'positive',
      doctor: 5,
    });
  });

  it('drops only the refused ones', () => {
    expect(pageQueryOf(Schema, new URLSearchParams('tone=bad&doctor=5'))).toEqual({ page: 1, doctor: 5 });
    expect(pageQueryOf(Schema, new URLSearchParams('tone=bad&doctor=x&page=0'))).toEqual({ page: 1 });
  });

  it('is null where what is left is refused as a whole', () => {
    const Both = Schema.refine((q) => q.tone === undefined || q.doctor !== undefined, 'tone needs a doctor');
    expect(pageQueryOf(Both, { tone: 'positive' })).toBeNull();
    expect(pageQueryOf(Both, { tone: 'positive', doctor: '3' })).toEqual({
      page: 1,
      tone: 'positive',
      doctor: 3,
    });
  });
});
