import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSms, clinicCancelSms, formatDayWithWeekday, formatVisitTime, reminderSms } from './visit';

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

// The machine's own zone must never matter: the clinic's zone decides 'завтра' and the time.
for (const processTz of ['UTC', 'America/New_York', 'Asia/Vladivostok']) {
  describe(`the reminder SMS (process TZ=${processTz})`, () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = processTz;
    });
    afterAll(() => {
      process.env.TZ = saved;
    });
    const visit = {
      doctorName: 'Иванова Анна Петровна',
      // 09:30 on Monday 23 November in Novosibirsk (UTC+7).
      startsAt: '2026-11-23T02:30:00Z',
      tz: 'Asia/Novosibirsk',
      address: 'ул. Ленина, 5',
    };

    it('says "завтра" 24 hours before, by the clinic’s calendar', () => {
      expect(reminderSms({ ...visit, now: new Date('2026-11-22T02:30:00Z') })).toBe(
        'Напоминаем: завтра в 09:30 приём у врача Иванова А. П., ул. Ленина, 5',
      );
      // 23:30 on Saturday in Novosibirsk, already Sunday in Vladivostok: the visit is not "tomorrow".
      expect(reminderSms({ ...visit, now: new Date('2026-11-21T16:30:00Z') })).toBe(
        'Напоминаем: 23.11 в 09:30 приём у врача Иванова А. П., ул. Ленина, 5',
      );
    });

    it('says "сегодня" when it goes out on the day of the visit', () => {
      // 07:00 on Monday in Novosibirsk: Sunday 23:00 in UTC.
      expect(reminderSms({ ...visit, now: new Date('2026-11-23T00:00:00Z') })).toBe(
        'Напоминаем: сегодня в 09:30 приём у врача Иванова А. П., ул. Ленина, 5',
      );
    });
  });
}

describe('formatDayWithWeekday', () => {
  it('names a plain day with its weekday, whatever the machine’s zone', () => {
    expect(formatDayWithWeekday('2026-11-23')).toBe('23 ноября, понедельник');
    expect(formatDayWithWeekday('2026-03-01')).toBe('1 марта, воскресенье');
  });
});

describe('messages about a service', () => {
  it('name the service instead of a doctor', () => {
    const visit = {
      serviceName: 'МРТ головного мозга',
      startsAt: '2026-11-23T06:30:00Z',
      tz: 'Europe/Moscow',
      address: 'ул. Ленина, 5',
    };
    expect(bookingSms(visit)).toBe('Вы записаны: МРТ головного мозга, 23.11 в 09:30, ул. Ленина, 5');
    expect(reminderSms({ ...visit, now: new Date('2026-11-22T07:00:00Z') })).toBe(
      'Напоминаем: завтра в 09:30 МРТ головного мозга, ул. Ленина, 5',
    );
  });
});

describe('the SMS when the clinic cancels', () => {
  const at = { startsAt: '2026-11-23T02:30:00Z', tz: 'Asia/Novosibirsk' };
  it('names the visit in the clinic’s time, the reason and the clinic’s phone', () => {
    expect(
      clinicCancelSms({
        ...at,
        doctorName: 'Иванова Анна Петровна',
        reason: 'врач заболел.  ',
        clinicPhone: '+7 (383) 123-45-67',
      }),
    ).toBe(
      'Клиника отменила запись к врачу Иванова А. П. 23.11 в 09:30. Причина: врач заболел. Тел. +7 (383) 123-45-67',
    );
  });
  it('names a service line, and leaves out a phone the clinic has not given', () => {
    expect(
      clinicCancelSms({ ...at, serviceName: 'МРТ головы', reason: 'аппарат на ремонте', clinicPhone: null }),
    ).toBe('Клиника отменила запись на МРТ головы 23.11 в 09:30. Причина: аппарат на ремонте.');
  });
});
