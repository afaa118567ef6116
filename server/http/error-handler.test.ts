/**
 * The database's refusals that a race causes become a 409 the client can act on, never a 500:
 * a price line removed while a patient books it makes the insert's foreign key fail.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

function appThrowing(error: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/x', async () => {
    throw error;
  });
  return app;
}

describe('the error handler', () => {
  it('answers a foreign key violation (as Drizzle wraps it) with 409 and a plain Russian detail', async () => {
    const pg = Object.assign(new Error('insert or update on table "appointments" violates foreign key'), {
      code: '23503',
    });
    const app = appThrowing(new Error('Failed query: insert into appointments …', { cause: pg }));
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Данные только что изменились: обновите страницу и попробуйте снова',
      code: 'conflict',
    });
    await app.close();
  });

  it('still answers any other database error with a 500 that tells nothing of the inside', async () => {
    const app = appThrowing(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }));
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Произошла ошибка', code: 'server_error' });
    await app.close();
  });
});
