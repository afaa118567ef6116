import { describe, expect, it } from 'vitest';
import { PG_ERRORS, pgErrorCode, retryOnDeadlock } from './errors';

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
