/**
 * The patient's profile (docs/product/profile.md): relatives one books for, the age a visit is
 * for, the e-mail, and deleting the profile. Pure rules and words, no zod (the booking page shows
 * these without loading the validation library); the schemas are in contracts.ts.
 */

/** Who a relative is to the patient, in the order the form offers them. */
export const RELATIONS = ['child', 'parent', 'spouse', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];

export const RELATION_LABELS: Record<Relation, string> = {
  child: 'Ребёнок',
  parent: 'Родитель',
  spouse: 'Супруг(а)',
  other: 'Другое',
};

/** A patient keeps at most this many relatives (a family, not an address book). */
export const MAX_RELATIVES = 20;

/** From this age a person is an adult patient; a children's doctor sees those younger. */
export const ADULT_AGE = 18;

/** A deleted profile is kept this long (the cancel window), then erased by the nightly sweep. */
export const DELETION_DAYS = 30;

const DAY_MS = 86_400_000;

export const PROFILE_TEXTS = {
  relation: 'Укажите, кем вам приходится человек',
  relativeNotFound: 'Нет такого человека среди ваших близких',
  tooManyRelatives: `Можно добавить не больше ${MAX_RELATIVES} человек`,
  email: 'Проверьте адрес электронной почты',
  emailSame: 'Этот адрес уже указан в профиле',
  emailCodeWrong: 'Ссылка устарела или уже использована. Укажите адрес ещё раз',
  emailSubject: 'Подтвердите адрес электронной почты',
  emailNeeded: 'Сначала укажите и подтвердите адрес электронной почты',
  signIn: 'Войдите, чтобы открыть профиль',
  /** The spec's text (deleting_in_progress): booking and reviews are closed while the profile is deleted. */
  deleting: 'С этого номера пока нельзя записаться на приём или оставить отзыв',
  deletingDetails: 'Старый профиль, связанный с этим номером, удаляется. Это может занять до 30 дней.',
  notDeleting: 'Профиль не удаляется',
  alreadyDeleting: 'Профиль уже удаляется',
  childOnly: 'Врач принимает только детей до 18 лет. Проверьте дату рождения или выберите другого врача.',
  adultOnly: 'Врач принимает только взрослых. Проверьте дату рождения или выберите детского врача.',
} as const;

/**
 * Full years on `day` of a person born on `birthDate` (both 'yyyy-MM-dd'): the birthday itself
 * counts ('2010-03-15' is 16 on '2026-03-15', 15 on '2026-03-14'); one born on 29 February turns
 * a year older on 1 March in a common year.
 */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** Whom a doctor sees (the doctors' 'Детский врач' flag and its adult counterpart). */
export interface DoctorAges {
  children: boolean;
  adults: boolean;
}

/**
 * Why a doctor cannot see a person of `age` on the visit's day, or null when they can: a
 * children's doctor who does not see adults refuses an adult, an adults' doctor who does not see
 * children refuses a child. A doctor with both flags (or, as a data slip, none) sees everyone.
 */
export function ageRefusal(doctor: DoctorAges, age: number): string | null {
  const adult = age >= ADULT_AGE;
  if (adult && doctor.children && !doctor.adults) return PROFILE_TEXTS.childOnly;
  if (!adult && doctor.adults && !doctor.children) return PROFILE_TEXTS.adultOnly;
  return null;
}

/** When a profile whose deletion began at `since` is erased: DELETION_DAYS later. */
export function erasureAt(since: Date): Date {
  return new Date(since.getTime() + DELETION_DAYS * DAY_MS);
}

/** Days left until erasure (at least 1 while it has not happened). */
export function daysUntilErasure(since: Date, now: Date): number {
  return Math.max(1, Math.ceil((erasureAt(since).getTime() - now.getTime()) / DAY_MS));
}

/** The club card's number as printed on the card: 'ПД 000 123' (the card's id, grouped by three). */
export function clubCardNumber(id: number): string {
  const digits = String(id).padStart(6, '0');
  return `ПД ${digits.replace(/\B(?=(\d{3})+$)/g, ' ')}`;
}

/** The e-mail copy of a visit's SMS (a patient's choice in the profile): the same words, the visit's page. */
export function visitEmail(subject: string, sms: string, link: string): { subject: string; text: string } {
  return {
    subject,
    text: [sms, '', `Запись на сайте: ${link}`, '', 'Письма о записях можно отключить в профиле.'].join('\n'),
  };
}
