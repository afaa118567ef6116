import { clubLineKind, clubLinePrice } from '../../../core/club/rules';
import { softwareRights } from '../../../core/directory/software-version';
import {
  ACTIVITY_FIRST_ITEMS,
  ACTIVITY_SECTIONS,
  type ActivitySection,
  activityRange,
  isActivitySection,
  remainingAfter,
} from '../../../core/doctor/activities';
import type { DoctorPage } from '../../../core/doctor/contracts';
import type { Town } from '../../../core/towns/contracts';
import type { Db } from '../../db/client';
import type { DoctorActivityKind } from '../../db/schema/doctors';
import { notFound } from '../../http/errors';
import type { DirectoryService } from '../directory/service';
import { type ActivityItem, createDoctorRepo } from './repo';

export type DoctorService = ReturnType<typeof createDoctorService>;

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

const DOCTOR_NOT_FOUND = 'Врач не найден';
/** Reviews the page's summary shows. */
const LATEST_REVIEWS = 5;

/**
 * The doctor page: the directory's card with every workplace, plus what only this page shows
 * (positions, the partner app's telemedicine price, documents, services, the lazily loaded
 * activities).
 */
export function createDoctorService({ db, directory }: { db: Db; directory: DirectoryService }) {
  const repo = createDoctorRepo(db);

  return {
    /** The doctor page's data; null when the doctor is not in this town. */
    async page(town: Town, id: number): Promise<DoctorPage | null> {
      const [row, [card], details] = await Promise.all([
        repo.doctorPageRow(id, LATEST_REVIEWS),
        directory.doctorCards(town, [id], true),
        repo.workplaceDetails(id),
      ]);
      if (!row || !card || row.townId !== town.id) return null;
      const byWorkplace = new Map(details.map((d) => [d.id, d]));
      return {
        ...card,
        workplaces: card.workplaces.map((w) => ({
          ...w,
          position: byWorkplace.get(w.id)?.position ?? null,
          partnerPrice: byWorkplace.get(w.id)?.partnerPrice ?? null,
        })),
        slug: row.slug,
        lastName: row.lastName,
        firstName: row.firstName,
        patronymic: row.patronymic,
        about: row.about,
        careerStartYear: row.careerStartYear,
        education: row.education,
        courses: row.courses,
        softwareVersion: row.softwareVersion,
        // The doctor's own phone is on his page only while his version grants it.
        ownPhone: softwareRights(row.softwareVersion, 'doctor').ownContacts ? row.ownPhone : null,
        fakeWarning: row.fakeWarning,
        documents: {
          licenseNumber: row.licenseNumber,
          isEducationConfirmed: row.educationConfirmed,
          isCategoryConfirmed: row.categoryConfirmed,
          categoryExpiresDate: row.categoryExpiresOn,
          isScienceConfirmed: row.scienceConfirmed,
          // 1 candidate, 2 doctor of science, 3 professor (the title outranks the degree).
          scienceDocumentType: row.professor ? 3 : row.scienceDegree || null,
        },
        reviewCounts: row.reviewCounts,
        reviewTags: row.reviewTags,
        latestReviews: row.latestReviews.map((r) => ({
          ...r,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        // The club's one rule (core/club): a consultation 30 % off, a service the clinic's N %.
        services: row.services.map((x) => ({
          id: x.id,
          name: x.name,
          priceFull: x.priceFull,
          priceClub: clubLinePrice(
            { kind: clubLineKind(x.visitType), fullPrice: x.priceFull, hasClubPrice: x.priceClub !== null },
            x,
          ),
          durationMinutes: x.durationMinutes,
          clinicId: x.clinicId,
        })),
        hasActivities: row.courses.length > 0 || Boolean(details[0]?.hasActivities),
      };
    },

    /** The first items of every non-empty section, with totals. */
    async activities(doctorId: number): Promise<ActivitySectionView[]> {
      const [courses, first] = await Promise.all([
        repo.courses(doctorId),
        repo.firstActivities(doctorId, ACTIVITY_FIRST_ITEMS),
      ]);
      if (!courses) throw notFound(DOCTOR_NOT_FOUND);
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

    /** Page n of one section and how many items follow it; a section or page that is not there is a 404. */
    async activityPage(
      doctorId: number,
      section: string,
      page: number,
    ): Promise<{ items: ActivityItem[]; remaining: number }> {
      if (!isActivitySection(section)) throw notFound('Раздел не найден');
      const { offset, limit } = activityRange(page);
      let items: ActivityItem[];
      let total: number;
      if (section === 'courses') {
        const courses = await repo.courses(doctorId);
        if (!courses) throw notFound(DOCTOR_NOT_FOUND);
        items = courses.slice(offset, offset + limit);
        total = courses.length;
      } else {
        const [exists, result] = await Promise.all([
          repo.courses(doctorId),
          repo.activityPage(doctorId, KIND_OF[section], offset, limit),
        ]);
        if (!exists) throw notFound(DOCTOR_NOT_FOUND);
        ({ items, total } = result);
      }
      if (items.length === 0) throw notFound('Страница не найдена');
      return { items, remaining: remainingAfter(total, page) };
    },
  };
}
