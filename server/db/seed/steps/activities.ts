import { doctorActivities } from '../../schema/doctors';
import { inTransaction, type SeedContext } from '../context';
import type { Rng } from '../rng';
import { conference, journal, publicationTitles, societies } from '../texts/activity-texts';

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

      for (const title of publicationTitles(
        rng,
        spec,
        publicationCount(rng, doctor.scienceDegree, spec.staffAppointmentType),
      )) {
        add('publication', year(), title, journal(rng, spec.group));
      }
      if (rng.chance(0.35)) {
        // A congress meets once a year: the same one again is another year's visit.
        const visits = new Set<string>();
        for (let i = rng.int(1, 6); i > 0; i--) {
          const c = conference(rng, spec.group);
          const y = year();
          if (visits.has(`${y} ${c.title}`)) continue;
          visits.add(`${y} ${c.title}`);
          add('conference', y, c.title, c.details);
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
