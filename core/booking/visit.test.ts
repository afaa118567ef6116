import { describe, expect, it } from 'vitest';
import { bookingSms, formatVisitTime } from './visit';

describe('visit texts', () => {
  it('shows the clinic’s wall clock whatever the machine’s zone', () => {
    const at = new Date('2026-11-23T02:30:00Z');
    expect(formatVisitTime(at, 'Asia/Novosibirsk')).toBe('23 ноября 2026, понедельник, 09:30');
    expect(formatVisitTime(at, 'Europe/Moscow')).toBe('23 ноября 2026, понедельник, 05:30');
    expect(formatVisitTime(at, 'Asia/Vladivostok')).toBe('23 ноября 2026, понедельник, 12:30');
  });

  it('writes a short SMS with initials', () => {
    expect(
      bookingSms({
        doctorName: 'Иванова Анна Петровна',
        startsAt: '2026-11-23T06:30:00Z',
        tz: 'Europe/Moscow',
        address: 'ул. Ленина, 5',
      }),
    ).toBe('Вы записаны к врачу Иванова А. П. 23.11 в 09:30, ул. Ленина, 5');
  });
});
