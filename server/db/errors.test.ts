import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, PG_ERRORS, pgErrorCode, retryOnDeadlock } from './errors';

const pgError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('retryOnDeadlock', () => {
  it('runs a deadlock victim once more and answers what the second try answers', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls === 1) throw pgError(PG_ERRORS.deadlockDetected);
      return 'booked';
    });
    expect(result).toBe('booked');
    expect(calls).toBe(2);
  });

  it('a second deadlock, or any other error, goes to the caller untouched', async () => {
    let calls = 0;
    const twice = retryOnDeadlock(async () => {
      calls++;
      throw pgError(PG_ERRORS.deadlockDetected);
    });
    await expect(twice).rejects.toSatisfy((err) => pgErrorCode(err) === PG_ERRORS.deadlockDetected);
    expect(calls).toBe(2);
    let once = 0;
    await expect(
      retryOnDeadlock(async () => {
        once++;
        throw pgError(PG_ERRORS.exclusionViolation);
      }),
    ).rejects.toSatisfy((err) => pgErrorCode(err) === PG_ERRORS.exclusionViolation);
    expect(once).toBe(1);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a database out of reach, under Drizzle’s error or alone', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
  });

  it('leaves a wrong query and an unreachable provider to be the errors they are', () => {
    expect(isDatabaseUnavailable(pgError('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    const fetchFailed = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });
});
