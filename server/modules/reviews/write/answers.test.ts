import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../../testing/session';
import { reviewsWorld } from '../testing';
import { REPLY_ERRORS } from './service';

const w = reviewsWorld();
const { ids } = w;

describe('answers', () => {
  it('the doctor answers a review about them; the answer shows once staff publish it', async () => {
    const doctor = await signedInAs(w.app, w.db, { role: 'doctor', doctorId: ids.doctor });
    const short = await doctor.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Спасибо' },
    });
    expect(short.statusCode).toBe(400);
    const text = 'Спасибо за отзыв! Жаль, что лечение помогло не сразу.';
    const res = await doctor.inject({ url: `/api/reviews/${ids.seeded}/replies/`, payload: { text } });
    expect(res.statusCode).toBe(201);
    const again = await doctor.inject({ url: `/api/reviews/${ids.seeded}/replies/`, payload: { text } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REPLY_ERRORS.duplicate);
    const page = () => w.app.inject({ url: `/ajax/doctor/${ids.doctor}/reviews/?ratetype=negative` });
    expect((await page()).json().template).not.toContain(text);
    const queue = (await w.staff.inject({ method: 'GET', url: '/api/staff/reviews/' })).json();
    const pending = queue.pendingReplies.find(
      (r: { reviewId: number; authorKind: string }) => r.reviewId === ids.seeded && r.authorKind === 'doctor',
    );
    expect(pending.text).toBe(text);
    expect(pending.subjectUrl).toMatch(new RegExp(`^/[a-z0-9-]+/vrach/${ids.doctor}-[a-z0-9-]+/$`));
    expect(
      (
        await w.staff.inject({
          url: `/api/staff/replies/${pending.id}/moderate/`,
          payload: { action: 'publish' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await page()).json().template).toContain(text);
    const mine = (await doctor.inject({ method: 'GET', url: '/api/cabinet/reviews/' })).json();
    expect(mine.items.find((i: { id: number }) => i.id === ids.seeded).reply).toEqual({
      text,
      status: 'published',
    });
  });

  it('refuses a doctor answering about someone else, and a patient answering at all', async () => {
    const otherDoctor = await signedInAs(w.app, w.db, { role: 'doctor', doctorId: ids.other });
    const res = await otherDoctor.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Ответ не о своём отзыве, длинный достаточно' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(REPLY_ERRORS.notYours);
    const patient = await signedInAs(w.app, w.db);
    expect(
      (
        await patient.inject({
          url: `/api/reviews/${ids.seeded}/replies/`,
          payload: { text: 'x'.repeat(30) },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the clinic answers a review about a doctor who works there', async () => {
    const clinic = await signedInAs(w.app, w.db, { role: 'clinic', clinicId: ids.clinic });
    const res = await clinic.inject({
      url: `/api/reviews/${ids.seeded}/replies/`,
      payload: { text: 'Клиника приносит извинения и свяжется с вами.' },
    });
    expect(res.statusCode).toBe(201);
  });
});
