import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type DoctorActivityKind,
  doctorActivities,
  doctors,
  workplacePrices,
  workplaces,
} from '../../db/schema/directory';

export interface ActivityItem {
  year: number | null;
  title: string;
  details: string | null;
}

export type DoctorPageRepo = ReturnType<typeof createDoctorPageRepo>;

export function createDoctorPageRepo(db: Db) {
  return {
    /**
     * Per workplace: the position held and the partner app's telemedicine price; and whether
     * the doctor has any activity rows (asked in the same round trip).
     */
    workplaceDetails: (doctorId: number) =>
      db
        .select({
          id: workplaces.id,
          position: workplaces.position,
          partnerPrice: workplacePrices.partnerPrice,
          hasActivities: sql<boolean>`EXISTS (SELECT 1 FROM ${doctorActivities} WHERE ${doctorActivities.doctorId} = ${doctorId})`,
        })
        .from(workplaces)
        .leftJoin(
          workplacePrices,
          and(eq(workplacePrices.workplaceId, workplaces.id), eq(workplacePrices.visitType, 'telemed')),
        )
        .where(eq(workplaces.doctorId, doctorId)),

    /** The doctor's refresher courses (stored on the doctor, newest first); null without the doctor. */
    async courses(doctorId: number): Promise<ActivityItem[] | null> {
      const [row] = await db
        .select({ courses: doctors.courses })
        .from(doctors)
        .where(eq(doctors.id, doctorId))
        .limit(1);
      return row ? row.courses.map((c) => ({ year: c.year, title: c.title, details: null })) : null;
    },

    /** The first `perKind` items of each kind with each kind's total, in one query. */
    async firstActivities(doctorId: number, perKind: number) {
      const ranked = db
        .select({
          kind: doctorActivities.kind,
          year: doctorActivities.year,
          title: doctorActivities.title,
          details: doctorActivities.details,
          rank: sql<number>`row_number() OVER (PARTITION BY ${doctorActivities.kind} ORDER BY ${doctorActivities.year} DESC NULLS LAST, ${doctorActivities.id})`.as(
            'rank',
          ),
          total: sql<number>`count(*) OVER (PARTITION BY ${doctorActivities.kind})`.as('total'),
        })
        .from(doctorActivities)
        .where(eq(doctorActivities.doctorId, doctorId))
        .as('ranked');
      const rows = await db
        .select()
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perKind}`)
        .orderBy(asc(ranked.kind), asc(ranked.rank));
      return rows.map((r) => ({ ...r, total: Number(r.total) }));
    },

    /** One page of a kind, newest first, with the kind's total. */
    async activityPage(doctorId: number, kind: DoctorActivityKind, offset: number, limit: number) {
      const where = and(eq(doctorActivities.doctorId, doctorId), eq(doctorActivities.kind, kind));
      const [items, [{ total }]] = await Promise.all([
        db
          .select({
            year: doctorActivities.year,
            title: doctorActivities.title,
            details: doctorActivities.details,
          })
          .from(doctorActivities)
          .where(where)
          .orderBy(sql`${doctorActivities.year} DESC NULLS LAST`, asc(doctorActivities.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(doctorActivities).where(where),
      ]);
      return { items, total };
    },
  };
}
