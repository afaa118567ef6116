import { describe, expect, it } from 'vitest';
import {
  dayPartOf,
  OFFER_TTL_MS,
  offerExpiry,
  WAITLIST_TEXTS,
  waitDatesProblem,
  waitlistSms,
} from './waitlist';

describe('the waitlist rules', () => {
  it('puts a time in its part of the day: morning 06–11, afternoon 11–17, evening 17–24', () => {
    expect(dayPartOf('05:59')).toBeNull();
    expect(dayPartOf('06:00')).toBe('morning');
    expect(dayPartOf('10:59')).toBe('morning');
    expect(dayPartOf('11:00')).toBe('afternoon');
    expect(dayPartOf('16:30')).toBe('afternoon');
    expect(dayPartOf('17:00')).toBe('evening');
    expect(dayPartOf('23:30')).toBe('evening');
  });

  it('takes days from today up to 60 days ahead, the end not before the start', () => {
    expect(waitDatesProblem('2026-11-27', '2026-11-27', '2026-11-27')).toBeNull();
    expect(waitDatesProblem('2026-11-28', '2027-01-26', '2026-11-27')).toBeNull();
    expect(waitDatesProblem('2026-11-26', '2026-11-28', '2026-11-27')).toBe(WAITLIST_TEXTS.dates);
    expect(waitDatesProblem('2026-11-29', '2026-11-28', '2026-11-27')).toBe(WAITLIST_TEXTS.dates);
    expect(waitDatesProblem('2026-11-28', '2027-01-27', '2026-11-27')).toBe(WAITLIST_TEXTS.dates);
  });

  it('keeps a link two hours, never past the time itself', () => {
    const made = new Date('2026-11-27T10:00:00Z');
    expect(offerExpiry(made, new Date('2026-11-28T09:00:00Z')).getTime()).toBe(made.getTime() + OFFER_TTL_MS);
    expect(offerExpiry(made, new Date('2026-11-27T11:00:00Z')).toISOString()).toBe(
      '2026-11-27T11:00:00.000Z',
    );
  });

  it('names the doctor short, the day and the time, and the link', () => {
    expect(
      waitlistSms({
        doctorName: 'Иванова Анна Петровна',
        day: '2026-11-26',
        time: '14:00',
        link: 'https://portal.example.ru/waitlist/abc/',
      }),
    ).toBe(
      'Освободилось время к врачу Иванова А. П.: 26.11 в 14:00. Записаться или отказаться: https://portal.example.ru/waitlist/abc/',
    );
  });
});
