import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../clock';
import { signedInAs } from '../../../testing/session';
import { createClinicService } from '../../clinic/service';
import { createDirectoryService } from '../../directory/service';
import { createDoctorService } from '../../doctor/service';
import { createTownService } from '../../towns/service';
import { createReviewsService } from '../read/service';
import { NOW, reviewsWorld } from '../testing';

const w = reviewsWorld();
const { ids } = w;

describe('fake-review warnings', () => {
  it('staff put the banner on a doctor and a clinic and take it off; the pages’ data carry it', async () => {
    const set = (payload: Record<string, unknown>) =>
      w.staff.inject({ url: '/api/staff/fake-warning/', payload });
    const reviewsService = createReviewsService({ db: w.db });
    const clock = fixedClock(NOW.toISOString());
    const doctors = createDoctorService({ db: w.db, directory: createDirectoryService({ db: w.db, clock }) });
    const clinics = createClinicService({ db: w.db, clock });
    const town = (await createTownService({ db: w.db }).list()).find((t) => t.id === ids.town);
    if (!town) throw new Error('no town');

    const res = await set({ kind: 'doctor', id: ids.doctor, warning: 'review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fake_warning: 'review' });
    expect((await reviewsService.head({ kind: 'doctor', id: ids.doctor }))?.fakeWarning).toBe('review');
    expect((await doctors.page(town, ids.doctor))?.fakeWarning).toBe('review');

    expect((await set({ kind: 'lpu', id: ids.clinic, warning: 'rating' })).statusCode).toBe(200);
    expect((await clinics.page(town, ids.clinic))?.fakeWarning).toBe('rating');

    expect((await set({ kind: 'doctor', id: ids.doctor, warning: null })).json()).toEqual({
      fake_warning: null,
    });
    expect((await doctors.page(town, ids.doctor))?.fakeWarning).toBeNull();
  });

  it('refuses a patient, an unknown warning and an unknown subject', async () => {
    const patient = await signedInAs(w.app, w.db);
    const payload = { kind: 'doctor', id: ids.doctor, warning: 'review' };
    expect((await patient.inject({ url: '/api/staff/fake-warning/', payload })).statusCode).toBe(403);
    const odd = await w.staff.inject({
      url: '/api/staff/fake-warning/',
      payload: { ...payload, warning: 'spam' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().detail).toBe('Неизвестное предупреждение');
    const missing = await w.staff.inject({
      url: '/api/staff/fake-warning/',
      payload: { ...payload, id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
