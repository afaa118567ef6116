/**
 * How much a review's author can be trusted (the patient profile's trust_percent, can_trust and
 * trust_criteria; docs/product/reviews.md). Four criteria, each worth a share of 100 %:
 *
 * | criterion                           | weight | met when                                         |
 * | ----------------------------------- | ------ | ------------------------------------------------ |
 * | 'Телефон подтверждён'               | 30     | the patient confirmed a phone (isRealPatient)    |
 * | 'Есть записи через сервис'          | 30     | at least one appointment booked on the portal    |
 * | 'Профиль старше года'               | 20     | the account was created 365 days ago or earlier  |
 * | 'Отзывы не удалялись модераторами'  | 20     | no review of theirs was deleted by moderation    |
 *
 * trust_percent is the sum of the weights met; the verdict is 'Можно доверять' from
 * TRUST_THRESHOLD (60 %) up. So a confirmed phone and one booked visit are enough on their own,
 * while a year-old account with a clean history but no phone and no visits (40 %) is not.
 */

import type { Trust } from './contracts';

export const TRUST_THRESHOLD = 60;
export const PROFILE_AGE_DAYS = 365;

const DAY_MS = 86_400_000;

export interface TrustFacts {
  phoneConfirmed: boolean;
  createdAt: Date;
  /** Appointments booked through the portal (holds and cancelled ones not counted). */
  appointments: number;
  /** The patient's reviews deleted by moderation. */
  deletedReviews: number;
}

const CRITERIA: readonly { title: string; weight: number; met: (f: TrustFacts, now: Date) => boolean }[] = [
  { title: 'Телефон подтверждён', weight: 30, met: (f) => f.phoneConfirmed },
  { title: 'Есть записи через сервис', weight: 30, met: (f) => f.appointments > 0 },
  {
    title: 'Профиль старше года',
    weight: 20,
    met: (f, now) => now.getTime() - f.createdAt.getTime() >= PROFILE_AGE_DAYS * DAY_MS,
  },
  { title: 'Отзывы не удалялись модераторами', weight: 20, met: (f) => f.deletedReviews === 0 },
];

/** The trust verdict for a patient as of `now`; the criteria keep their fixed order. */
export function patientTrust(facts: TrustFacts, now: Date): Trust {
  let percent = 0;
  const trust_criteria = CRITERIA.map((c) => {
    const met = c.met(facts, now);
    if (met) percent += c.weight;
    return { title: c.title, can_trust: met };
  });
  return { trust_percent: percent, can_trust: percent >= TRUST_THRESHOLD, trust_criteria };
}

/** The modal's verdict line. */
export const trustVerdict = (canTrust: boolean) =>
  canTrust ? 'Можно доверять' : 'Доверяйте с осторожностью';
