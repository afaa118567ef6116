/**
 * The invitation to review a visit (docs/product/reviews.md, 'Приглашение после приёма'): one SMS
 * per visit booked on the site once it is over, whatever the sweep does twice; none for a
 * cancelled or missed visit or one already reviewed; its one-time link writes a verified review
 * of that visit, counted in the rating and giving the award when published.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVIEW_DISCOUNT_RUB } from '../../../../core/reviews/award';
import { INVITATION_ERRORS, INVITATION_TRAIL } from '../../../../core/reviews/invitation';
import { injectWithCsrf } from '../../../testing/csrf';
import { signedInAs } from '../../../testing/session';
import { messagesFixture } from '../../booking/messages-fixture';
import { tokenHashOf } from './repo';
import { INVITATION_JOBS, queueDueInvitations } from './service';

const t = messagesFixture();
const TEXT =
  'Врач внимательно выслушал, подробно объяснил диагноз и план лечения, назначил только нужные анализы. ' +
  'Через две недели стало заметно лучше.';

// Visits on Monday 23 November 2026 in Novosibirsk (UTC+7): '09:00' is 02:00–02:30 UTC.
const MONDAY = (hhmm: string) => `23.11.2026 ${hhmm}`;

/** The invitation texts a phone got. */
const invitationsTo = async (phone: string) =>
  (await t.smsTo(phone)).filter((text) => text.startsWith('Как прошёл'));

/** The link's token from the SMS. */
const tokenOf = (text: string) => {
  const m = text.match(/\/reviews\/new\/\?invite=([A-Za-z0-9_-]{43})$/);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[1];
};

const mark = (id: number, status: 'done' | 'no_show' | 'canceled') =>
  t.database.db.execute(sql`UPDATE appointments SET status = ${status}, marked_at = now() WHERE id = ${id}`);

async function doctorOf(appointmentId: number): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT doctor_id AS id FROM appointments WHERE id = ${appointmentId}`,
  );
  return rows[0].id;
}

const reviewBody = (token: string, doctorId: number, over: Record<string, unknown> = {}) => ({
  invite: token,
  doctor_id: doctorId,
  text: TEXT,
  stars: [5, 5, 5, 5],
  visit_month: '2026-11',
  ...over,
});

describe('the invitation after the visit', () => {
  it('invites an attended visit at its end, once; the link writes a verified review counted in the rating, with the award', async () => {
    const { phone, appointment, patient } = await t.bookAs(MONDAY('09:00'));
    await t.app.jobs.runDue();
    await mark(appointment.id, 'done');
    // A second before the visit's end: nothing yet.
    t.now = new Date('2026-11-23T02:29:59Z');
    await t.app.jobs.runDue();
    expect(await invitationsTo(phone)).toEqual([]);
    t.now = new Date('2026-11-23T02:30:00Z');
    await t.app.jobs.runDue();
    const [sms] = await invitationsTo(phone);
    expect(sms).toMatch(
      new RegExp(
        `^Как прошёл приём у врача .+ [А-ЯЁ]\\. [А-ЯЁ]\\. 23\\.11\\? Оставьте отзыв, за опубликованный — скидка ${REVIEW_DISCOUNT_RUB} ₽: http://localhost:3000/reviews/new/\\?invite=`,
      ),
    );
    // Later sweeps send nothing more.
    t.now = new Date('2026-11-23T09:00:00Z');
    await t.app.jobs.runDue();
    expect(await invitationsTo(phone)).toHaveLength(1);
    // Only the link's hash is kept.
    const token = tokenOf(sms);
    const { rows: kept } = await t.database.db.execute<{ hash: string }>(
      sql`SELECT token_hash AS hash FROM review_invitations WHERE appointment_id = ${appointment.id}`,
    );
    expect(kept[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept[0].hash).not.toContain(token);

    // Signed out: the link says who writes.
    const doctorId = await doctorOf(appointment.id);
    const res = await injectWithCsrf(t.app, { url: '/api/reviews/', payload: reviewBody(token, doctorId) });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const { rows } = await t.database.db.execute<{
      userId: number;
      appointmentId: number;
      isVerified: boolean;
      reason: string;
    }>(sql`
      SELECT r.user_id AS "userId", r.appointment_id AS "appointmentId", r.is_verified AS "isVerified",
             (SELECT h.reason FROM review_history h WHERE h.review_id = r.id ORDER BY h.id LIMIT 1) AS reason
      FROM reviews r WHERE r.id = ${id}`);
    expect(rows[0]).toEqual({
      userId: patient.userId,
      appointmentId: appointment.id,
      isVerified: true,
      reason: INVITATION_TRAIL,
    });

    // Published: the card says how the visit is known, the rating counts it, the author gets the award.
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const moderated = await staff.inject({
      url: `/api/staff/reviews/${id}/moderate/`,
      payload: { action: 'publish' },
    });
    expect(moderated.statusCode).toBe(200);
    expect(moderated.json().reviews_count).toBe(1);
    const cards = (await t.app.inject({ url: `/ajax/doctor/${doctorId}/reviews/` })).json()
      .template as string;
    expect(cards).toContain('Запись через сервис');
    expect(cards).toContain('Пациент записался на приём через ПроДокторов: визит подтверждён записью.');
    expect(cards).not.toContain('Не влияет на рейтинг');
    const awards = await patient.inject({ method: 'GET', url: '/api/patient/review-awards/' });
    expect(awards.json().awards).toEqual([
      expect.objectContaining({ amount: REVIEW_DISCOUNT_RUB, appointmentId: null }),
    ]);

    // The link is spent.
    const again = await injectWithCsrf(t.app, { url: '/api/reviews/', payload: reviewBody(token, doctorId) });
    expect(again.statusCode).toBe(410);
    expect(again.json().detail).toBe(INVITATION_ERRORS.used);
  });

  it('sends the e-mail copy a patient chose, with the SMS’s one link, once; none to one who did not', async () => {
    const chose = await t.bookAs(MONDAY('11:00'));
    const not = await t.bookAs(MONDAY('11:30'));
    await t.database.db.execute(sql`
      UPDATE users SET email = 'anna@example.ru', notify_email = true WHERE id = ${chose.patient.userId}`);
    await t.database.db.execute(sql`
      UPDATE users SET email = 'oleg@example.ru', notify_email = false WHERE id = ${not.patient.userId}`);
    await t.app.jobs.runDue();
    await mark(chose.appointment.id, 'done');
    await mark(not.appointment.id, 'done');
    // 11:30 there ends at 05:00 UTC.
    t.now = new Date('2026-11-23T05:00:00Z');
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const letters = async (to: string) =>
      (
        (await t.app.inject({ url: '/dev/outbox.json' })).json().emails as {
          to: string;
          subject: string;
          text: string;
        }[]
      ).filter((m) => m.to === to && m.subject.startsWith('Как прошёл'));
    const [letter, ...more] = await letters('anna@example.ru');
    expect(more).toEqual([]);
    const [sms] = await invitationsTo(chose.phone);
    const token = tokenOf(sms);
    expect(letter.text).toContain(`Написать отзыв: http://localhost:3000/reviews/new/?invite=${token}`);
    expect(letter.text).toContain('Оставьте отзыв, за опубликованный — скидка');
    expect(await invitationsTo(not.phone)).toHaveLength(1);
    expect(await letters('oleg@example.ru')).toEqual([]);
    // The one link of the visit: the stored hash is its token's.
    const { rows } = await t.database.db.execute<{ hash: string }>(
      sql`SELECT token_hash AS hash FROM review_invitations WHERE appointment_id = ${chose.appointment.id}`,
    );
    expect(rows[0].hash).toBe(tokenHashOf(token));
  });

  it('waits three hours for a no-show mark after an unmarked visit, then invites it', async () => {
    const { phone, appointment } = await t.bookAs(MONDAY('09:30'));
    await t.app.jobs.runDue();
    // Ends 03:00 UTC; due 06:00 UTC (13:00 there).
    t.now = new Date('2026-11-23T05:59:00Z');
    await t.app.jobs.runDue();
    expect(await invitationsTo(phone)).toEqual([]);
    t.now = new Date('2026-11-23T06:00:00Z');
    await t.app.jobs.runDue();
    expect(await invitationsTo(phone)).toHaveLength(1);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM review_invitations WHERE appointment_id = ${appointment.id}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('sweeps at once (two processes) claim one invitation per visit and send one SMS', async () => {
    const { phone, appointment } = await t.bookAs(MONDAY('10:00'));
    await t.app.jobs.runDue();
    await mark(appointment.id, 'done');
    t.now = new Date('2026-11-23T03:30:00Z');
    const counts = await Promise.all(
      [1, 2, 3].map(() => queueDueInvitations(t.database.db, t.app.jobs, t.now)),
    );
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    expect(
      (await t.app.jobs.boss.findJobs(INVITATION_JOBS.send, { data: { appointmentId: appointment.id } }))
        .length,
    ).toBe(1);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await invitationsTo(phone)).toHaveLength(1);
  });

  it('sends none after a cancel or a no-show, nor when the patient has reviewed the visit already', async () => {
    const canceled = await t.bookAs(MONDAY('10:30'));
    const missed = await t.bookAs(MONDAY('11:00'));
    const reviewed = await t.bookAs(MONDAY('11:30'));
    // Marked missed after the sweep claimed it, before its SMS went: the SMS checks again.
    const late = await t.bookAs('24.11.2026 09:00');
    await t.app.jobs.runDue();
    await mark(canceled.appointment.id, 'canceled');
    await mark(missed.appointment.id, 'no_show');
    await mark(reviewed.appointment.id, 'done');
    t.now = new Date('2026-11-23T04:30:00Z');
    const own = await reviewed.patient.inject({
      url: '/api/reviews/',
      payload: {
        doctor_id: await doctorOf(reviewed.appointment.id),
        text: TEXT,
        stars: [4, 4, 4, 4],
        visit_month: '2026-11',
      },
    });
    expect(own.statusCode).toBe(201);
    await mark(late.appointment.id, 'done');
    t.now = new Date('2026-11-24T02:30:00Z');
    expect(await queueDueInvitations(t.database.db, t.app.jobs, t.now)).toBe(2);
    await mark(late.appointment.id, 'no_show');
    t.now = new Date('2026-11-24T09:00:00Z');
    await t.app.jobs.runDue();
    for (const p of [canceled, missed, reviewed, late]) expect(await invitationsTo(p.phone)).toEqual([]);
    const { rows } = await t.database.db.execute<{ id: number; skipped: string }>(sql`
      SELECT appointment_id AS id, skipped FROM review_invitations
      WHERE appointment_id IN (${canceled.appointment.id}, ${missed.appointment.id}, ${reviewed.appointment.id}, ${late.appointment.id})
      ORDER BY appointment_id`);
    expect(rows).toEqual([
      { id: reviewed.appointment.id, skipped: 'reviewed' },
      { id: late.appointment.id, skipped: 'visit' },
    ]);
  });

  it('refuses an expired link, another patient’s session, a garbage token and a link of a visit marked missed since', async () => {
    const first = await t.bookAs('24.11.2026 09:30');
    const second = await t.bookAs('24.11.2026 10:00');
    await t.app.jobs.runDue();
    await mark(first.appointment.id, 'done');
    await mark(second.appointment.id, 'done');
    t.now = new Date('2026-11-24T03:30:00Z');
    await t.app.jobs.runDue();
    const token = tokenOf((await invitationsTo(first.phone))[0]);
    const secondToken = tokenOf((await invitationsTo(second.phone))[0]);
    const doctorId = await doctorOf(first.appointment.id);

    // Someone else's session with this patient's link.
    const other = await signedInAs(t.app, t.database.db, { phone: '79015559999' });
    const foreign = await other.inject({ url: '/api/reviews/', payload: reviewBody(token, doctorId) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe(INVITATION_ERRORS.otherPatient);

    // Garbage and unknown tokens.
    const garbage = await injectWithCsrf(t.app, { url: '/api/reviews/', payload: reviewBody('x', doctorId) });
    expect(garbage.statusCode).toBe(404);
    const unknown = await injectWithCsrf(t.app, {
      url: '/api/reviews/',
      payload: reviewBody('A'.repeat(43), doctorId),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(INVITATION_ERRORS.unknown);

    // Another doctor or month than the visit's.
    const mismatch = await injectWithCsrf(t.app, {
      url: '/api/reviews/',
      payload: reviewBody(token, doctorId, { visit_month: '2026-10' }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toBe(INVITATION_ERRORS.mismatch);

    // Marked missed after the SMS: the link opens nothing.
    await mark(second.appointment.id, 'no_show');
    const missed = await injectWithCsrf(t.app, {
      url: '/api/reviews/',
      payload: reviewBody(secondToken, doctorId),
    });
    expect(missed.statusCode).toBe(409);
    expect(missed.json().detail).toBe(INVITATION_ERRORS.visit);

    // 30 days on, the link has expired.
    t.now = new Date('2026-12-24T03:30:01Z');
    const expired = await injectWithCsrf(t.app, {
      url: '/api/reviews/',
      payload: reviewBody(token, doctorId),
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe(INVITATION_ERRORS.expired);
  });

  it('two sends with one link at once: one review, the other refused', async () => {
    const { phone, appointment } = await t.bookAs('25.11.2026 09:00');
    await t.app.jobs.runDue();
    await mark(appointment.id, 'done');
    t.now = new Date('2026-11-25T03:00:00Z');
    await t.app.jobs.runDue();
    const token = tokenOf((await invitationsTo(phone))[0]);
    const doctorId = await doctorOf(appointment.id);
    const results = await Promise.all(
      [1, 2].map(() => injectWithCsrf(t.app, { url: '/api/reviews/', payload: reviewBody(token, doctorId) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
  });
});
