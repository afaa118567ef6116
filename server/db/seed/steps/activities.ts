import { doctorActivities } from '../../schema/doctors';
import { inTransaction, type SeedContext } from '../context';
import type { Rng } from '../rng';
import { conference, journal, publicationTitle, societies } from '../texts/activity-texts';

/**
 * Doctors' publications, conference participation and society memberships (the doctor page's
 * 'Деятельность'). Scientists publish a lot, most practitioners little or nothing; about a
 * third go to congresses. Years fall within each doctor's career.
 */
export async function seedDoctorActivities(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('activities');
  const nowYear = ctx.now.getUTCFullYear();
  let id = 0;
  await inTransaction(ctx, async (session) => {
    const writer = session.writer(doctorActivities);
    for (const doctor of ctx.doctors) {
      const spec = ctx.specialities[doctor.mainSpeciality];
      const from = Math.min(doctor.careerStartYear + 1, nowYear);
      const year = () => rng.int(Math.max(from, nowYear - 20), nowYear);
      const add = (
        kind: 'publication' | 'conference' | 'membership',
        y: number,
        title: string,
        details: string,
      ) => writer.add({ id: ++id, doctorId: doctor.id, kind, year: y, title, details });

      for (let i = publicationCount(rng, doctor.scienceDegree, spec.staffAppointmentType); i > 0; i--) {
        add('publication', year(), publicationTitle(rng, spec), journal(rng, spec.group));
      }
      if (rng.chance(0.35)) {
        for (let i = rng.int(1, 6); i > 0; i--) {
          const c = conference(rng, spec.group);
          add('conference', year(), c.title, c.details);
        }
      }
      if (rng.chance(0.3)) {
        for (const s of societies(rng, spec.group, rng.int(1, 2))) {
          add('membership', rng.int(from, nowYear), s.title, s.details);
        }
      }
      if (doctor.id % 5000 === 0) {
        ctx.progress('activities', doctor.id, ctx.doctors.length);
        await session.ready();
      }
    }
  });
  ctx.progress('activities', ctx.doctors.length, ctx.doctors.length);
}

function publicationCount(rng: Rng, scienceDegree: number, staff: boolean): number {
  if (scienceDegree === 2) return rng.int(8, 20);
  if (scienceDegree === 1) return rng.int(3, 10);
  return rng.chance(staff ? 0.03 : 0.06) ? rng.int(1, 3) : 0;
}
