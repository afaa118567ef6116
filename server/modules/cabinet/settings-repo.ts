import { eq, sql } from 'drizzle-orm';
import type { ClinicSettings } from '../../../core/cabinet/contracts';
import type { ClinicNotifications } from '../../../core/cabinet/notification-contracts';
import type { Db, DbTx } from '../../db/client';
import { clinics } from '../../db/schema/clinics';

const settingColumns = {
  day_before: clinics.remindDayBefore,
  hours_before: clinics.remindHoursBefore,
  min_notice_minutes: clinics.minNoticeMinutes,
  buffer_minutes: clinics.bufferMinutes,
  booking_horizon_days: clinics.bookingHorizonDays,
};

type Features = (typeof clinics.$inferSelect)['accessibility'];

const notifyColumns = {
  phone: clinics.notifyPhone,
  email: clinics.notifyEmail,
  new_booking: clinics.notifyNewBooking,
  patient_cancel: clinics.notifyPatientCancel,
  new_review: clinics.notifyNewReview,
  callback_request: clinics.notifyCallbackRequest,
};

/**
 * The clinic's own settings, columns of its clinics row: its reminders and booking rules, its
 * contact for the site's bookings, its accessibility. A `lock…` read takes the row for the
 * change's transaction.
 */
export function createClinicSettingsRepo(db: Db) {
  return {
    async settings(clinicId: number): Promise<ClinicSettings | undefined> {
      const [row] = await db.select(settingColumns).from(clinics).where(eq(clinics.id, clinicId));
      return row;
    },

    async lockSettings(tx: DbTx, clinicId: number): Promise<ClinicSettings | undefined> {
      const [row] = await tx
        .select(settingColumns)
        .from(clinics)
        .where(eq(clinics.id, clinicId))
        .for('update');
      return row;
    },

    async setSettings(tx: DbTx, clinicId: number, body: ClinicSettings) {
      await tx
        .update(clinics)
        .set({
          remindDayBefore: body.day_before,
          remindHoursBefore: body.hours_before,
          minNoticeMinutes: body.min_notice_minutes,
          bufferMinutes: body.buffer_minutes,
          bookingHorizonDays: body.booking_horizon_days,
        })
        .where(eq(clinics.id, clinicId));
    },

    async notifications(clinicId: number): Promise<ClinicNotifications | undefined> {
      const [row] = await db.select(notifyColumns).from(clinics).where(eq(clinics.id, clinicId));
      return row;
    },

    async lockNotifications(tx: DbTx, clinicId: number): Promise<ClinicNotifications | undefined> {
      const [row] = await tx
        .select(notifyColumns)
        .from(clinics)
        .where(eq(clinics.id, clinicId))
        .for('update');
      return row;
    },

    async setNotifications(tx: DbTx, clinicId: number, after: ClinicNotifications) {
      await tx
        .update(clinics)
        .set({
          notifyPhone: after.phone,
          notifyEmail: after.email,
          notifyNewBooking: after.new_booking,
          notifyPatientCancel: after.patient_cancel,
          notifyNewReview: after.new_review,
          notifyCallbackRequest: after.callback_request,
        })
        .where(eq(clinics.id, clinicId));
    },

    async accessibility(clinicId: number): Promise<Features | undefined> {
      const [row] = await db
        .select({ features: clinics.accessibility })
        .from(clinics)
        .where(eq(clinics.id, clinicId));
      return row?.features;
    },

    /** The clinic's accessibility and town, its row locked. */
    async lockAccessibility(tx: DbTx, clinicId: number): Promise<{ features: Features; townId: number }> {
      const [before] = (
        await tx.execute(sql`
          SELECT accessibility AS features, town_id AS "townId" FROM clinics WHERE id = ${clinicId} FOR UPDATE`)
      ).rows as { features: Features; townId: number }[];
      return before;
    },

    async setAccessibility(tx: DbTx, clinicId: number, features: Features) {
      await tx.update(clinics).set({ accessibility: features }).where(eq(clinics.id, clinicId));
    },
  };
}
