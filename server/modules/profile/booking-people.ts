import type { BookingBody } from '../../../core/booking/contracts';
import { ageOn, ageRefusal, PROFILE_TEXTS } from '../../../core/profile/rules';
import type { Db } from '../../db/client';
import { DomainError, forbidden, notFound } from '../../http/errors';
import { createProfileRepo } from './repo';
import { visitCopies } from './visit-copies-repo';

export { markForOther } from './repo';

/** 'dd.MM.yyyy HH:mm' → 'yyyy-MM-dd', or null for a malformed slot (the booking refuses it anyway). */
function slotDay(slot: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) /.exec(slot);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * What the booking asks of the patient's profile (docs/product/profile.md): whether the profile
 * is being deleted (no booking then), the relative a visit is for (the caller's own only), and
 * whether the doctor sees a person of that age. The booking module calls this, as it calls the
 * auth module's desk patients, rather than reading the profile's tables itself.
 */
export function createBookingPeople({ db }: { db: Db }) {
  const repo = createProfileRepo(db);
  return {
    /** 403 deleting_in_progress while the account's profile is being deleted (the spec's text). */
    async refuseDeleting(userId: number): Promise<void> {
      const row = await repo.account(userId);
      if (row?.deletingSince)
        throw new DomainError('deleting_in_progress', PROFILE_TEXTS.deleting, 403, {
          details: PROFILE_TEXTS.deletingDetails,
        });
    },

    /**
     * The body as booked: a relative's visit takes that person's name and birth date (not the
     * typed ones) and counts as someone else's. Another patient's relative is a 404, as if it did
     * not exist; a relative at the desk (a staff booking) is refused.
     */
    async personOf(userId: number, body: BookingBody, atDesk: boolean): Promise<BookingBody> {
      if (body.relative_id === undefined) return body;
      if (atDesk) throw forbidden(PROFILE_TEXTS.relativeNotFound);
      const r = await repo.relative(userId, body.relative_id);
      if (!r) throw notFound(PROFILE_TEXTS.relativeNotFound);
      return {
        ...body,
        last_name: r.lastName,
        first_name: r.firstName,
        patronymic: r.patronymic,
        no_patronymic: r.patronymic === '',
        birth_date: r.birthDate,
        someone_else: true,
      };
    },

    /**
     * A doctor's visit for a person the doctor does not see (a children's doctor and an adult, an
     * adults' doctor and a child, by the age on the visit's day): 400 with the birth date's message.
     * The person is whoever the visit is for: the relative chosen (the profile's birth date), or the
     * one typed in, the patient or another person (docs/product/profile.md, 'Age rules').
     */
    async refuseAge(body: BookingBody): Promise<void> {
      if (body.doctor_id === undefined || body.service_id !== undefined) return;
      const day = slotDay(body.slot);
      if (!day) return;
      const ages = await repo.doctorAges(body.doctor_id);
      if (!ages) return;
      const refusal = ageRefusal(ages, ageOn(body.birth_date, day));
      if (refusal) throw new DomainError('age_mismatch', refusal, 400, { errors: { birth_date: refusal } });
    },

    /**
     * What a visit's messages take from the profile: the person's name when the visit is a
     * relative's, and the account's e-mail when the patient chose copies by e-mail.
     */
    visitCopies: (appointmentId: number) => visitCopies(db, appointmentId),
  };
}

export type BookingPeople = ReturnType<typeof createBookingPeople>;
