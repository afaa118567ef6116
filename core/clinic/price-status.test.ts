import { describe, expect, it } from 'vitest';
import { priceStatus } from './price-status';

describe('priceStatus', () => {
  it('words each of the four codes with its tone', () => {
    expect(priceStatus(0, '2026-11-02')).toEqual({ text: 'Обновлено 02.11.2026', tone: 'success' });
    expect(priceStatus(1, '2026-11-02')).toEqual({ text: 'Обновлено клиникой 02.11.2026', tone: 'neutral' });
    expect(priceStatus(2, '2026-05-02')?.text).toBe('Обновлено 02.05.2026. Цены могли устареть');
    expect(priceStatus(3, '2025-01-31')?.text).toBe('Обновлено 31.01.2025. Цены устарели');
  });

  it('shows nothing without a date or for an unknown code', () => {
    expect(priceStatus(0, null)).toBeNull();
    expect(priceStatus(7, '2026-01-01')).toBeNull();
  });
});
