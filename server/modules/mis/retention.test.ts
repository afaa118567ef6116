/**
 * The integration's copies of patients' data are swept (server/modules/mis/retention-repo.ts): an
 * idempotency key's kept reply after 7 days, a finished webhook delivery after 30; a delivery
 * still on its way stays whatever its age.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingFixture, START } from '../booking/booking-fixture';
import { misHelpers } from './mis-fixture';
import { DELIVERY_LOG_DAYS, KEPT_REPLY_DAYS, sweepKept } from './retention-repo';

const t = bookingFixture();
const { keyOf, book } = misHelpers(t);
const DAY = 86_400_000;
const daysAfter = (days: number) => new Date(START.getTime() + days * DAY);

describe('the nightly sweep of kept replies and deliveries', () => {
  it('drops a reply after 7 days and a finished delivery after 30, keeps the rest', {
    timeout: 60_000,
  }, async () => {
    const spot = await t.doctor();
    const id = await book(spot, '23.11.2026 10:00');
    const key = await keyOf(spot.lpu_id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/mis/v1/appointments/${id}/cancel/`,
      payload: { reason: 'Врач заболел', idempotency_key: 'r-1' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const replies = async () =>
      (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mis_idempotency`)).rows[0].n;
    expect(await replies()).toBe(1);

    const [endpoint] = (
      await t.db.execute<{ id: number }>(sql`
        INSERT INTO webhook_endpoints (clinic_id, url, secret, created_by, created_at)
        SELECT ${spot.lpu_id}, 'https://clinic.example/hook', 'whsec_x', id, ${START.toISOString()}::timestamptz
        FROM users ORDER BY id DESC LIMIT 1
        RETURNING id`)
    ).rows;
    expect(endpoint.id).toBeGreaterThan(0);
    const delivery = (state: string, createdAt: Date) => sql`
      (${endpoint.id}, ${spot.lpu_id}, ${id}, 'appointment.canceled', ${state}, ${createdAt.toISOString()}::timestamptz)`;
    await t.db.execute(sql`
      INSERT INTO webhook_deliveries (endpoint_id, clinic_id, appointment_id, event, state, created_at)
      VALUES ${delivery('delivered', START)}, ${delivery('failed', START)}, ${delivery('queued', START)},
             ${delivery('delivered', daysAfter(DELIVERY_LOG_DAYS))}`);

    // Before either age: nothing goes.
    expect(await sweepKept(t.db, daysAfter(KEPT_REPLY_DAYS - 1))).toEqual({ replies: 0, deliveries: 0 });
    expect(await sweepKept(t.db, daysAfter(KEPT_REPLY_DAYS + 1))).toEqual({ replies: 1, deliveries: 0 });
    expect(await replies()).toBe(0);
    expect(await sweepKept(t.db, daysAfter(DELIVERY_LOG_DAYS + 1))).toEqual({ replies: 0, deliveries: 2 });
    const { rows } = await t.db.execute<{ state: string }>(
      sql`SELECT state FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id} ORDER BY id`,
    );
    expect(rows.map((r) => r.state)).toEqual(['queued', 'delivered']);
  });
});
