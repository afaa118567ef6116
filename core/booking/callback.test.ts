import { describe, expect, it } from 'vitest';
import { CALLBACK_TEXTS, callbackChoices, callbackProblem, partOpen } from './callback';

describe('callback request choices', () => {
  // 14:30 in Novosibirsk (UTC+7), Sunday 22 November 2026.
  const now = new Date('2026-11-22T07:30:00Z');

  it('offers only the parts of a day that end at least 2 hours from now, on the clinic’s clock', () => {
    const [today, tomorrow] = callbackChoices(now, 'Asia/Novosibirsk');
    // Afternoon ends 17:00, 2.5 h away: still open. Morning is over.
    expect(today).toEqual({ date: '2026-11-22', times: ['afternoon', 'evening'] });
    expect(tomorrow).toEqual({ date: '2026-11-23', times: ['morning', 'afternoon', 'evening'] });
    expect(callbackChoices(now, 'Asia/Novosibirsk')).toHaveLength(7);
    // The same instant is 10:30 in Moscow: the morning (until 11:00) is too close.
    expect(callbackChoices(now, 'Europe/Moscow')[0].times).toEqual(['afternoon', 'evening']);
    expect(partOpen('2026-11-22', 'morning', new Date('2026-11-22T05:00:00Z'), 'Europe/Moscow')).toBe(true);
  });

  it('drops today when even the evening is too close', () => {
    const late = new Date('2026-11-22T15:30:00Z'); // 22:30 in Novosibirsk
    expect(callbackChoices(late, 'Asia/Novosibirsk')[0].date).toBe('2026-11-23');
  });

  it('says when a chosen time is gone', () => {
    expect(callbackProblem({ date: '2026-11-22', times: ['morning'] }, now, 'Asia/Novosibirsk')).toBe(
      CALLBACK_TEXTS.late,
    );
    expect(callbackProblem({ date: '2026-11-22', times: ['evening'] }, now, 'Asia/Novosibirsk')).toBeNull();
    expect(callbackProblem({ date: '2026-12-30', times: ['evening'] }, now, 'Asia/Novosibirsk')).toBe(
      CALLBACK_TEXTS.late,
    );
  });
});
