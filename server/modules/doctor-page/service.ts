import {
  ACTIVITY_FIRST_ITEMS,
  ACTIVITY_SECTIONS,
  type ActivitySection,
  activityRange,
  remainingAfter,
} from '../../../core/directory/activities';
import type { Db } from '../../db/client';
import type { DoctorActivityKind } from '../../db/schema/directory';
import type { DirectoryService } from '../directory/service';
import type { Town } from '../towns/service';
import { type ActivityItem, createDoctorPageRepo } from './repo';

export type DoctorPageService = ReturnType<typeof createDoctorPageService>;
export type DoctorPage = NonNullable<Awaited<ReturnType<DoctorPageService['page']>>>;

export interface ActivitySectionView {
  section: ActivitySection;
  total: number;
  items: ActivityItem[];
}

const KIND_OF: Record<Exclude<ActivitySection, 'courses'>, DoctorActivityKind> = {
  publications: 'publication',
  conferences: 'conference',
  memberships: 'membership',
};

/**
 * The doctor page: the directory's doctor plus what only this page shows (positions,
 * the partner app's telemedicine price, the lazily loaded activities).
 */
export function createDoctorPageService({ db, directory }: { db: Db; directory: DirectoryService }) {
  const repo = createDoctorPageRepo(db);

  return {
    async page(town: Town, id: number) {
      const [doctor, details] = await Promise.all([directory.doctor(town, id), repo.workplaceDetails(id)]);
      if (!doctor) return null;
      const byWorkplace = new Map(details.map((d) => [d.id, d]));
      return {
        ...doctor,
        workplaces: doctor.workplaces.map((w) => ({
          ...w,
          position: byWorkplace.get(w.id)?.position ?? null,
          partnerPrice: byWorkplace.get(w.id)?.partnerPrice ?? null,
        })),
        hasActivities: doctor.courses.length > 0 || Boolean(details[0]?.hasActivities),
      };
    },

    /** The first items of every non-empty section, with totals; null for an unknown doctor. */
    async activities(doctorId: number): Promise<ActivitySectionView[] | null> {
      const [courses, first] = await Promise.all([
        repo.courses(doctorId),
        repo.firstActivities(doctorId, ACTIVITY_FIRST_ITEMS),
      ]);
      if (!courses) return null;
      return ACTIVITY_SECTIONS.flatMap((section): ActivitySectionView[] => {
        if (section === 'courses') {
          return courses.length
            ? [{ section, total: courses.length, items: courses.slice(0, ACTIVITY_FIRST_ITEMS) }]
            : [];
        }
        const rows = first.filter((r) => r.kind === KIND_OF[section]);
        if (!rows.length) return [];
        return [
          {
            section,
            total: rows[0].total,
            items: rows.map(({ year, title, details }) => ({ year, title, details })),
          },
        ];
      });
    },

    /**
     * Page n of one section and how many items follow it: 'no-doctor' for an unknown doctor,
     * 'no-page' when the section has no such page.
     */
    async activityPage(
      doctorId: number,
      section: ActivitySection,
      page: number,
    ): Promise<{ items: ActivityItem[]; remaining: number } | 'no-doctor' | 'no-page'> {
      const { offset, limit } = activityRange(page);
      let items: ActivityItem[];
      let total: number;
      if (section === 'courses') {
        const courses = await repo.courses(doctorId);
        if (!courses) return 'no-doctor';
        items = courses.slice(offset, offset + limit);
        total = courses.length;
      } else {
        const [exists, result] = await Promise.all([
          repo.courses(doctorId),
          repo.activityPage(doctorId, KIND_OF[section], offset, limit),
        ]);
        if (!exists) return 'no-doctor';
        ({ items, total } = result);
      }
      if (items.length === 0) return 'no-page';
      return { items, remaining: remainingAfter(total, page) };
    },
  };
}
