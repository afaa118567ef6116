import { timingSafeEqual } from 'node:crypto';
import type { AppointmentView, BookingViewer, MyAppointments } from '../../../core/booking/contracts';
import { formatHomeAddress, formatVisitWhen, HOME_TEXTS } from '../../../core/booking/home-visit';
import { rescheduleUrl } from '../../../core/booking/urls';
import { visitMoney } from '../../../core/club/visit-money';
import type { Clock } from '../../clock';
import type { SessionViewer } from '../auth/viewer';
import type { BookingRepo } from './repo';
import { visitSubject } from './subject';

/** The most a patient's appointments page lists. */
const MY_APPOINTMENTS_LIMIT = 100;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a visit may still be cancelled on the site: active, and before the clinic's cut-off. */
const cancellable = (a: { status: string; startsAt: string; cancelCutoffMinutes: number }, now: number) =>
  a.status === 'active' && now < new Date(a.startsAt).getTime() - a.cancelCutoffMinutes * 60_000;

/** A patient's visits: one appointment's page, and the list of them all. */
export function createAppointments({ clock, repo }: { clock: Clock; repo: BookingRepo }) {
  return {
    /**
     * The form's details of a signed-in patient, from their last booking for themselves (the
     * users row keeps them); null for anyone else or when there are none yet.
     */
    async patientDetails(viewer: SessionViewer): Promise<BookingViewer['prefill']> {
      if (viewer.userId === null || !viewer.isRealPatient) return null;
      const row = await repo.patientDetails(viewer.userId);
      if (!row?.lastName || !row.firstName || !row.birthDate) return null;
      return {
        last_name: row.lastName,
        first_name: row.firstName,
        patronymic: row.patronymic ?? '',
        no_patronymic: !row.patronymic,
        birth_date: row.birthDate,
      };
    },

    /** An appointment for its patient (signed in) or for the holder of its link's token. */
    async view(viewer: SessionViewer, id: number, token: string | null): Promise<AppointmentView | null> {
      const appointment = await repo.byId(id);
      if (!appointment) return null;
      const owner = viewer.userId !== null && appointment.userId === viewer.userId;
      const holder =
        token !== null && appointment.cancelToken !== null && sameSecret(token, appointment.cancelToken);
      if (!owner && !holder) return null;
      const subject = await visitSubject(repo, appointment);
      return { appointment, subject, canCancel: cancellable(appointment, clock.now().getTime()) };
    },

    /** `/profile/appointments`: upcoming visits soonest first, then the past ones, newest first. */
    async mine(viewer: SessionViewer): Promise<MyAppointments> {
      if (viewer.userId === null) return { upcoming: [], past: [] };
      const now = clock.now().getTime();
      const rows = await repo.forUser(viewer.userId, MY_APPOINTMENTS_LIMIT);
      const items = rows.map((a) => ({
        id: a.id,
        status: a.status,
        startsAt: a.startsAt,
        when: formatVisitWhen(a.startsAt, a.tz, a.homeWindowMinutes),
        title: a.title,
        titleUrl: a.titleUrl,
        doctorId: a.doctorId,
        clinicId: a.clinicId,
        specialities: a.specialities,
        clinicName: a.clinicName,
        // A home visit: where the doctor goes, not the clinic.
        address: a.homeAddress ? `${HOME_TEXTS.listPrefix}${formatHomeAddress(a.homeAddress)}` : a.address,
        url: `/appointment/${a.id}/`,
        canCancel: cancellable(a, now),
        money: visitMoney(a.price, a.prepaid),
        rescheduleUrl:
          cancellable(a, now) && a.doctorId !== null && a.clinicServiceId === null
            ? rescheduleUrl({
                id: a.id,
                doctorId: a.doctorId,
                clinicId: a.clinicId,
                visitType: a.visitType,
                token: null,
              })
            : null,
      }));
      const ahead = (i: { startsAt: string }) => new Date(i.startsAt).getTime() > now;
      return {
        upcoming: items.filter((i) => ahead(i) && i.status === 'active').reverse(),
        past: items.filter((i) => !ahead(i) || i.status !== 'active'),
      };
    },
  };
}

export type Appointments = ReturnType<typeof createAppointments>;
