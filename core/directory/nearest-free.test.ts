import { describe, expect, it } from 'vitest';
import { nearestFreeText } from './nearest-free';

describe('nearestFreeText', () => {
  const now = new Date('2026-12-07T20:30:00Z'); // 23:30 in Moscow, 02:30 (Dec 8) in Novosibirsk

  it("names the clinic's today and tomorrow by the clinic's zone", () => {
    expect(nearestFreeText({ at: '2026-12-07T20:45:00Z', tz: 'Europe/Moscow' }, now)).toBe(
      'Ближайшая запись: сегодня, 23:45',
    );
    expect(nearestFreeText({ at: '2026-12-08T06:00:00Z', tz: 'Europe/Moscow' }, now)).toBe(
      'Ближайшая запись: завтра, 09:00',
    );
    // The same instant is today in Novosibirsk (UTC+7), where it is already Dec 8.
    expect(nearestFreeText({ at: '2026-12-08T06:00:00Z', tz: 'Asia/Novosibirsk' }, now)).toBe(
      'Ближайшая запись: сегодня, 13:00',
    );
  });

  it('names a later day by its date', () => {
    expect(nearestFreeText({ at: '2026-12-15T07:30:00Z', tz: 'Europe/Moscow' }, now)).toBe(
      'Ближайшая запись: 15 декабря, 10:30',
    );
  });

  it('names the clinic when it is not the one whose calendar the card shows', () => {
    expect(
      nearestFreeText(
        { at: '2026-12-08T06:00:00Z', tz: 'Europe/Moscow', clinicName: 'Клиника «Здоровье»' },
        now,
      ),
    ).toBe('Ближайшая запись: завтра, 09:00 — Клиника «Здоровье»');
  });

  it('says nothing of a time already past or garbage', () => {
    expect(nearestFreeText({ at: '2026-12-07T20:00:00Z', tz: 'Europe/Moscow' }, now)).toBeNull();
    expect(nearestFreeText({ at: 'nope', tz: 'Europe/Moscow' }, now)).toBeNull();
  });
});
