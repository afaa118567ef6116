import { describe, expect, it } from 'vitest';
import { bookingSchema } from './contracts';
import { HomeAddressSchema } from './home-address';
import {
  formatHomeAddress,
  formatVisitWhen,
  HOME_TEXTS,
  NO_SERVICE_AREA,
  servesAddress,
  smsVisitWhen,
  visitWindow,
} from './home-visit';
import { bookingSms, reminderSms } from './visit';

const CLINIC = { lat: 55.7522, lon: 37.6156 };
/** About `km` north of the clinic (a degree of latitude is 111.32 km). */
const north = (km: number) => ({ lat: CLINIC.lat + km / 111.32, lon: CLINIC.lon });

describe('HomeAddressSchema', () => {
  it('requires the street and the house, with their own words', () => {
    const r = HomeAddressSchema.safeParse({ street: '  ', house: '' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ street: HOME_TEXTS.street, house: HOME_TEXTS.house });
  });

  it('trims, collapses spaces and fills the optional parts', () => {
    const r = HomeAddressSchema.parse({
      street: '  ул.   Ленина ',
      house: ' 5к2 ',
      note: ' Код  1234 \n\n  собака ',
    });
    expect(r).toEqual({
      street: 'ул. Ленина',
      house: '5к2',
      flat: '',
      entrance: '',
      floor: '',
      intercom: '',
      note: 'Код 1234\nсобака',
      district_id: null,
    });
  });

  it('refuses parts past their lengths and control characters', () => {
    expect(HomeAddressSchema.safeParse({ street: 'а'.repeat(101), house: '1' }).success).toBe(false);
    expect(HomeAddressSchema.safeParse({ street: 'Ленина', house: '1'.repeat(21) }).success).toBe(false);
    expect(HomeAddressSchema.safeParse({ street: 'Ленина', house: '1', note: 'я'.repeat(301) }).success).toBe(
      false,
    );
    expect(HomeAddressSchema.safeParse({ street: 'Лен\u0000ина', house: '1' }).success).toBe(false);
    expect(HomeAddressSchema.safeParse({ street: 'Ленина', house: '1', district_id: -3 }).success).toBe(
      false,
    );
  });
});

describe('the booking call of a home visit', () => {
  const base = {
    doctor_id: 1,
    lpu_id: 2,
    slot: '08.12.2026 10:00',
    last_name: 'Иванова',
    first_name: 'Анна',
    no_patronymic: true,
    birth_date: '1990-01-01',
    request_key: 'abcdefgh-1234',
  };
  it('needs an address', () => {
    const r = bookingSchema('2026-12-07').safeParse({ ...base, type: 'home' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(HOME_TEXTS.address);
  });
  it('keeps it for a home visit and drops it for a clinic visit', () => {
    const home_address = { street: 'Ленина', house: '5' };
    expect(
      bookingSchema('2026-12-07').parse({ ...base, type: 'home', home_address }).home_address?.street,
    ).toBe('Ленина');
    expect(bookingSchema('2026-12-07').parse({ ...base, home_address }).home_address).toBeUndefined();
  });
});

describe('formatHomeAddress', () => {
  it('names every part given, in the order a doctor needs them', () => {
    expect(
      formatHomeAddress({
        street: 'ул. Ленина',
        house: '5',
        flat: '12',
        entrance: '2',
        floor: '3',
        intercom: '12К',
      }),
    ).toBe('ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К');
    expect(
      formatHomeAddress({ street: 'Тверская', house: '7', flat: '', entrance: '', floor: '', intercom: '' }),
    ).toBe('Тверская, д. 7');
  });
});

describe('servesAddress', () => {
  const at = (districtId: number | null, point: { lat: number; lon: number } | null) => ({
    districtId,
    point,
  });

  it('serves the whole town when the clinic set nothing', () => {
    expect(servesAddress(NO_SERVICE_AREA, at(null, null), CLINIC)).toBe(true);
    expect(servesAddress(NO_SERVICE_AREA, at(9, north(40)), CLINIC)).toBe(true);
  });

  it('with districts only, serves exactly the listed ones', () => {
    const area = { radiusKm: null, districtIds: [1, 2] };
    expect(servesAddress(area, at(2, null), CLINIC)).toBe(true);
    expect(servesAddress(area, at(3, north(1)), CLINIC)).toBe(false);
    expect(servesAddress(area, at(null, null), CLINIC)).toBe(false);
  });

  it('with a radius only, measures from the clinic where the point is known', () => {
    const area = { radiusKm: 5, districtIds: [] };
    expect(servesAddress(area, at(null, north(4.9)), CLINIC)).toBe(true);
    expect(servesAddress(area, at(null, north(5.2)), CLINIC)).toBe(false);
    // An unknown house: nothing says it is out.
    expect(servesAddress(area, at(7, null), CLINIC)).toBe(true);
  });

  it('with both, either lets the address in', () => {
    const area = { radiusKm: 5, districtIds: [1] };
    expect(servesAddress(area, at(1, north(8)), CLINIC)).toBe(true);
    expect(servesAddress(area, at(2, north(3)), CLINIC)).toBe(true);
    expect(servesAddress(area, at(2, north(7)), CLINIC)).toBe(false);
    // Another district and no point: the list says no, and no distance says yes.
    expect(servesAddress(area, at(2, null), CLINIC)).toBe(false);
  });
});

describe('the arrival window', () => {
  // 07:00Z is 10:00 in Moscow and 14:00 in Novosibirsk.
  const start = '2026-12-08T07:00:00.000Z';
  it('opens at the booked start in the clinic zone', () => {
    expect(visitWindow(start, 120, 'Europe/Moscow')).toBe('с 10:00 до 12:00');
    expect(visitWindow(start, 60, 'Asia/Novosibirsk')).toBe('с 14:00 до 15:00');
    expect(visitWindow('2026-12-08T20:00:00Z', 120, 'Europe/Moscow')).toBe('с 23:00 до 01:00');
  });
  it('reads in the page and the SMS, or the instant without a window', () => {
    expect(formatVisitWhen(start, 'Europe/Moscow', 120)).toBe(
      '8 декабря 2026, вторник, врач приедет с 10:00 до 12:00',
    );
    expect(formatVisitWhen(start, 'Europe/Moscow', null)).toBe('8 декабря 2026, вторник, 10:00');
    expect(smsVisitWhen(start, 'Europe/Moscow', 120)).toBe('08.12 с 10:00 до 12:00');
    expect(smsVisitWhen(start, 'Asia/Vladivostok', null)).toBe('08.12 в 17:00');
  });
});

describe('the SMS of a home visit with a window', () => {
  const visit = {
    doctorName: 'Иванова Анна Петровна',
    startsAt: '2026-12-08T07:00:00.000Z',
    tz: 'Europe/Moscow',
    address: 'ул. Ленина, д. 5, кв. 12',
    windowMinutes: 120,
  };
  it('says the window and the patient address instead of the instant and the clinic', () => {
    expect(bookingSms(visit)).toBe(
      'Вы записаны к врачу Иванова А. П. 08.12 с 10:00 до 12:00, ул. Ленина, д. 5, кв. 12',
    );
    expect(reminderSms({ ...visit, now: new Date('2026-12-07T09:00:00Z') })).toBe(
      'Напоминаем: завтра с 10:00 до 12:00 приём у врача Иванова А. П., ул. Ленина, д. 5, кв. 12',
    );
    expect(bookingSms({ ...visit, windowMinutes: null })).toBe(
      'Вы записаны к врачу Иванова А. П. 08.12 в 10:00, ул. Ленина, д. 5, кв. 12',
    );
  });
});
