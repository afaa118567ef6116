import { describe, expect, it } from 'vitest';
import {
  dayHoursError,
  endedNow,
  holidayDateError,
  normaliseClinicPhone,
  normaliseWebsite,
  promotionDatesError,
  promotionEnded,
  promotionsAccess,
  promotionsUpgradeText,
  visitingRules,
} from './page-editor';

describe('the clinic page editor', () => {
  it('keeps Russian phones as 7 and ten digits, whatever way they are typed', () => {
    expect(normaliseClinicPhone('+7 (495) 123-45-67')).toBe('74951234567');
    expect(normaliseClinicPhone('8 916 000-11-22')).toBe('79160001122');
    expect(normaliseClinicPhone('4951234567')).toBe('74951234567');
    expect(normaliseClinicPhone(' 74951234567 ')).toBe('74951234567');
    expect(normaliseClinicPhone('+1 212 555 0100')).toBeNull();
    expect(normaliseClinicPhone('+4951234567')).toBeNull();
    expect(normaliseClinicPhone('71234567890')).toBeNull();
    expect(normaliseClinicPhone('12345')).toBeNull();
    expect(normaliseClinicPhone('495 123 45 67 доб. 2')).toBeNull();
  });

  it('takes an http(s) website or none', () => {
    expect(normaliseWebsite('  ')).toBe('');
    expect(normaliseWebsite(' https://klinika.ru/ ')).toBe('https://klinika.ru/');
    expect(normaliseWebsite('http://klinika.ru')).toBe('http://klinika.ru');
    expect(normaliseWebsite('klinika.ru')).toBeNull();
    expect(normaliseWebsite('javascript:alert(1)')).toBeNull();
    expect(normaliseWebsite('ftp://klinika.ru')).toBeNull();
    expect(normaliseWebsite('https://localhost')).toBeNull();
    expect(normaliseWebsite('https://klinika.ru@evil.example/')).toBeNull();
  });

  it('checks a day of hours: closed, or HH:mm with closing later', () => {
    expect(dayHoursError({ opens: null, closes: null })).toBeNull();
    expect(dayHoursError({ opens: '09:00', closes: '18:00' })).toBeNull();
    expect(dayHoursError({ opens: '00:00', closes: '24:00' })).toBeNull();
    expect(dayHoursError({ opens: '18:00', closes: '09:00' })).toBe(
      'Время закрытия должно быть позже времени открытия',
    );
    expect(dayHoursError({ opens: '09:00', closes: '09:00' })).toBe(
      'Время закрытия должно быть позже времени открытия',
    );
    expect(dayHoursError({ opens: '9:00', closes: '18:00' })).toBe('Время — в виде ЧЧ:ММ, например 09:00');
    expect(dayHoursError({ opens: '24:00', closes: '24:00' })).toBe('Время — в виде ЧЧ:ММ, например 09:00');
    expect(dayHoursError({ opens: '09:00', closes: null })).toBe('Время — в виде ЧЧ:ММ, например 09:00');
  });

  it('takes holiday days from today to about a year ahead', () => {
    expect(holidayDateError('2026-11-05', '2026-11-05')).toBeNull();
    expect(holidayDateError('2026-11-04', '2026-11-05')).toBe('Выберите сегодняшний или будущий день');
    expect(holidayDateError('2027-12-01', '2026-11-05')).toBeNull();
    expect(holidayDateError('2028-01-01', '2026-11-05')).toBe('Выберите день не дальше чем через год');
  });

  it('ends a promotion after its last day, and "Завершить" moves it to yesterday', () => {
    expect(promotionEnded(null, '2026-11-05')).toBe(false);
    expect(promotionEnded('2026-11-05', '2026-11-05')).toBe(false);
    expect(promotionEnded('2026-11-04', '2026-11-05')).toBe(true);
    expect(endedNow('2026-10-01', '2026-11-05')).toEqual({ startsOn: '2026-10-01', endsOn: '2026-11-04' });
    expect(endedNow('2026-12-01', '2026-11-05')).toEqual({ startsOn: '2026-11-04', endsOn: '2026-11-04' });
    expect(endedNow('2026-03-01', '2026-03-01')).toEqual({ startsOn: '2026-02-28', endsOn: '2026-02-28' });
    expect(promotionEnded(endedNow('2026-10-01', '2026-11-05').endsOn, '2026-11-05')).toBe(true);
    expect(promotionDatesError({ startsOn: '2026-11-05', endsOn: null }, '2026-11-05')).toBeNull();
    expect(promotionDatesError({ startsOn: '2026-11-05', endsOn: '2026-11-05' }, '2026-11-05')).toBeNull();
    expect(promotionDatesError({ startsOn: '2026-11-06', endsOn: '2026-11-05' }, '2026-11-05')).toBe(
      'Акция не может закончиться раньше, чем начнётся',
    );
    expect(promotionDatesError({ startsOn: '2026-10-01', endsOn: '2026-11-04' }, '2026-11-05')).toBe(
      'Дата окончания уже прошла',
    );
  });

  it('lets clinics from Стандарт post promotions; below, says what Стандарт would give', () => {
    for (const v of ['STANDARD', 'PRO', 'ULTIMA'] as const) expect(promotionsAccess(v).available).toBe(true);
    for (const v of ['LIGHT', null] as const) {
      expect(promotionsAccess(v)).toEqual({
        available: false,
        upgrade: {
          version: 'STANDARD',
          gains: ['Следит за эффективностью страницы', 'Публикует акции и скидки'],
        },
      });
    }
    expect(promotionsUpgradeText('STANDARD')).toBe('Акции публикуют клиники с версией от «Стандарт»');
  });

  it("reads 'Правила посещения' a rule a line, trimmed, each once", () => {
    expect(visitingRules(' Маска \r\n\n  \nБахилы\nМаска')).toEqual(['Маска', 'Бахилы']);
    expect(visitingRules('')).toEqual([]);
  });
});
