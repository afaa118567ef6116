import { describe, expect, it } from 'vitest';
import {
  INVITE_GRACE_MS,
  INVITE_LOOKBACK_MS,
  invitationDue,
  invitationDueAt,
  invitationEmail,
  invitationSms,
} from './invitation';

const MSK = 'Europe/Moscow';
const at = (iso: string) => new Date(iso);

describe('invitationDueAt', () => {
  it('invites an attended visit as soon as its time is over', () => {
    const endsAt = at('2026-12-07T12:30:00+03:00');
    expect(invitationDueAt({ status: 'done', endsAt, tz: MSK })).toEqual(endsAt);
  });

  it('waits three hours after an unmarked visit, for the desk to mark a no-show', () => {
    expect(INVITE_GRACE_MS).toBe(3 * 3_600_000);
    expect(invitationDueAt({ status: 'active', endsAt: at('2026-12-07T12:30:00+03:00'), tz: MSK })).toEqual(
      at('2026-12-07T15:30:00+03:00'),
    );
    // 20:59 is still the evening; 21:00 is the night.
    expect(invitationDueAt({ status: 'active', endsAt: at('2026-12-07T17:59:00+03:00'), tz: MSK })).toEqual(
      at('2026-12-07T20:59:00+03:00'),
    );
  });

  it('moves an unmarked visit’s invitation out of the town’s night to 09:00', () => {
    // Ends 19:00 → due 22:00 → the next morning.
    expect(invitationDueAt({ status: 'active', endsAt: at('2026-12-07T19:00:00+03:00'), tz: MSK })).toEqual(
      at('2026-12-08T09:00:00+03:00'),
    );
    // Ends 23:00 → due 02:00 of the next day → that day's 09:00.
    expect(invitationDueAt({ status: 'active', endsAt: at('2026-12-07T23:00:00+03:00'), tz: MSK })).toEqual(
      at('2026-12-08T09:00:00+03:00'),
    );
    // The town's own clock: 12:00 Moscow is 16:00 in Novosibirsk; +3 h is 19:00 there, not night.
    expect(
      invitationDueAt({ status: 'active', endsAt: at('2026-12-07T12:00:00+03:00'), tz: 'Asia/Novosibirsk' }),
    ).toEqual(at('2026-12-07T15:00:00+03:00'));
    // 15:00 Moscow is 22:00 in Vladivostok: the next 09:00 there, 02:00 Moscow.
    expect(
      invitationDueAt({ status: 'active', endsAt: at('2026-12-07T12:00:00+03:00'), tz: 'Asia/Vladivostok' }),
    ).toEqual(at('2026-12-08T09:00:00+10:00'));
  });
});

describe('invitationDue', () => {
  const endsAt = at('2026-12-07T12:30:00+03:00');
  it('is not due before its time, is due at it and after', () => {
    const visit = { status: 'active' as const, endsAt, tz: MSK };
    expect(invitationDue(visit, new Date(endsAt.getTime() + INVITE_GRACE_MS - 1))).toBe(false);
    expect(invitationDue(visit, new Date(endsAt.getTime() + INVITE_GRACE_MS))).toBe(true);
    expect(invitationDue({ ...visit, status: 'done' }, endsAt)).toBe(true);
    expect(invitationDue({ ...visit, status: 'done' }, new Date(endsAt.getTime() - 1))).toBe(false);
  });

  it('leaves visits older than the look-back alone (the history is not invited)', () => {
    const visit = { status: 'done' as const, endsAt, tz: MSK };
    expect(invitationDue(visit, new Date(endsAt.getTime() + INVITE_LOOKBACK_MS))).toBe(true);
    expect(invitationDue(visit, new Date(endsAt.getTime() + INVITE_LOOKBACK_MS + 1))).toBe(false);
  });
});

describe('invitationSms', () => {
  it('names the doctor and the day, the discount and the link', () => {
    expect(
      invitationSms({
        doctorName: 'Иванова Анна Петровна',
        startsAt: '2026-12-07T09:30:00Z',
        tz: MSK,
        discount: 300,
        link: 'https://example.ru/reviews/new/?invite=abc',
      }),
    ).toBe(
      'Как прошёл приём у врача Иванова А. П. 07.12? Оставьте отзыв, за опубликованный — скидка 300 ₽: https://example.ru/reviews/new/?invite=abc',
    );
  });

  it('names a clinic’s service when the visit had no doctor', () => {
    expect(
      invitationSms({
        serviceName: 'МРТ головы',
        startsAt: '2026-12-07T09:30:00Z',
        tz: MSK,
        discount: 300,
        link: 'L',
      }),
    ).toBe('Как прошёл приём: МРТ головы, 07.12? Оставьте отзыв, за опубликованный — скидка 300 ₽: L');
  });
});

describe('invitationEmail', () => {
  it('says what the SMS says, with the link on its own line and where e-mails are switched off', () => {
    const letter = invitationEmail({
      doctorName: 'Иванова Анна Петровна',
      startsAt: '2026-12-07T09:30:00Z',
      tz: MSK,
      discount: 300,
      link: 'https://example.ru/reviews/new/?invite=abc',
    });
    expect(letter).toEqual({
      subject: 'Как прошёл приём? Оставьте отзыв',
      text: [
        'Как прошёл приём у врача Иванова А. П. 07.12? Оставьте отзыв, за опубликованный — скидка 300 ₽.',
        '',
        'Написать отзыв: https://example.ru/reviews/new/?invite=abc',
        '',
        'Ссылка действует 30 дней и только для вас. Письма о записях можно отключить в профиле.',
      ].join('\n'),
    });
  });
});
