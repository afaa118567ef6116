import { describe, expect, it } from 'vitest';
import { causeOf, logThrottle } from './log-throttle';

describe('logThrottle', () => {
  it('logs a cause once per window and then says how many were left out', () => {
    let now = 0;
    const admit = logThrottle({ windowMs: 60_000, now: () => now });
    expect(admit('a')).toEqual({ log: true, repeated: 0 });
    expect(admit('a').log).toBe(false);
    expect(admit('b')).toEqual({ log: true, repeated: 0 });
    now = 59_999;
    expect(admit('a')).toEqual({ log: false, repeated: 2 });
    now = 60_000;
    expect(admit('a')).toEqual({ log: true, repeated: 2 });
    expect(admit('a')).toEqual({ log: false, repeated: 1 });
  });

  it('names a cause by code and message, for errors and pg-boss’s plain objects alike', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(causeOf(refused)).toBe(causeOf({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }));
    expect(causeOf(new Error('x'))).not.toBe(causeOf(new Error('y')));
  });
});
