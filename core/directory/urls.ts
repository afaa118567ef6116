/**
 * Page URLs of doctors and clinics, built in one place. Databases return ids and slugs (the
 * town's, the doctor's, the clinic's); pages and replies turn them into links with these.
 * Slugs are stored, never recomputed from names.
 */
import { entityPath } from './doctor-labels';

export interface EntityRef {
  id: number;
  slug: string;
}

/** '/moskva/vrach/12-ivanov-ivan/' */
export const doctorUrl = (townSlug: string, doctor: EntityRef) =>
  `/${townSlug}/vrach/${entityPath(doctor.id, doctor.slug)}/`;

/** '/moskva/lpu/7-klinika-zdorovie/' */
export const clinicUrl = (townSlug: string, clinic: EntityRef) =>
  `/${townSlug}/lpu/${entityPath(clinic.id, clinic.slug)}/`;

/** The reviews page of a doctor or a clinic page URL: '/moskva/vrach/12-ivanov-ivan/otzivi/'. */
export const reviewsUrl = (pageUrl: string) => `${pageUrl}otzivi/`;

/** The doctors page of a clinic page URL: '/moskva/lpu/7-klinika-zdorovie/vrachi/'. */
export const clinicDoctorsUrl = (clinicPageUrl: string) => `${clinicPageUrl}vrachi/`;

/** A speciality's doctor list in a town: '/moskva/vrach/kardiolog/'. */
export const specialityUrl = (townSlug: string, translit: string) => `/${townSlug}/vrach/${translit}/`;
