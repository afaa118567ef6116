import { z } from 'zod';

/**
 * The clinic's contact for the site's bookings, reviews and callback requests (core/cabinet/notifications.ts): replies and
 * bodies in the snake_case of the cabinet's other settings.
 */

/** The contact as kept: the phone as digits ('79001234567'), unset fields null. */
export const ClinicNotificationsSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 'Новая запись': a booking made on the site. */
  new_booking: z.boolean(),
  /** 'Отмена записи пациентом': a patient cancelled on the site. */
  patient_cancel: z.boolean(),
  /** 'Новый отзыв': a review about the clinic or one of its doctors published. */
  new_review: z.boolean(),
  /** 'Заявка на звонок': a patient asked the clinic to call back. */
  callback_request: z.boolean(),
});
export type ClinicNotifications = z.infer<typeof ClinicNotificationsSchema>;

/** A change: the phone in any writing ('8 900 123-45-67'), empty or null to clear; the server checks both. */
export const ClinicNotificationsBodySchema = z.object({
  phone: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
  new_booking: z.boolean(),
  patient_cancel: z.boolean(),
  /** Left out (an older page): kept as it was. */
  new_review: z.boolean().optional(),
  callback_request: z.boolean().optional(),
});
export type ClinicNotificationsBody = z.infer<typeof ClinicNotificationsBodySchema>;

/** A plausible e-mail for the clinic's letters (zod's rule). */
export const isNotifyEmail = (email: string) => z.email().safeParse(email).success;
