import { doctorAppointmentUrl, serviceAppointmentUrl } from '../../../core/booking/urls';
import type { AppointmentRow, BookingRepo } from './repo';

/** What one appointment is of, for its page, its .ics file and its messages. */
export interface VisitSubject {
  kind: 'doctor' | 'service';
  /** The doctor's full name, or the service's line name. */
  title: string;
  url: string;
  /** The doctor's specialities, or the service's class. */
  details: string[];
  clinicId: number;
  clinicName: string;
  clinicUrl: string;
  address: string;
  metro: string | null;
  tz: string;
  /** Where 'Записаться снова' goes. */
  againUrl: string;
}

/**
 * What an appointment is of, for its page, its .ics file and its messages: the doctor, or the
 * clinic's service (read again, so a renamed clinic shows its new name).
 */
export async function visitSubject(
  repo: BookingRepo,
  a: Pick<AppointmentRow, 'doctorId' | 'clinicId' | 'clinicServiceId' | 'visitType'>,
): Promise<VisitSubject | null> {
  if (a.clinicServiceId !== null) {
    const t = await repo.serviceTarget({ line: a.clinicServiceId });
    if (!t) return null;
    return {
      kind: 'service',
      title: t.serviceName,
      url: t.serviceUrl,
      details: [t.className],
      clinicId: t.clinicId,
      clinicName: t.clinicName,
      clinicUrl: t.clinicUrl,
      address: t.address,
      metro: t.metro,
      tz: t.tz,
      againUrl: serviceAppointmentUrl({
        lpuId: t.clinicId,
        service: t.synonymId,
        doctorId: t.doctorId ?? undefined,
        source: 'clinic_prices',
      }),
    };
  }
  if (a.doctorId === null) return null;
  const t = await repo.target(a.doctorId, a.clinicId, a.visitType);
  if (!t) return null;
  return {
    kind: 'doctor',
    title: t.doctorName,
    url: t.doctorUrl,
    details: t.specialities,
    clinicId: t.clinicId,
    clinicName: t.clinicName,
    clinicUrl: t.clinicUrl,
    address: t.address,
    metro: t.metro,
    tz: t.tz,
    againUrl: doctorAppointmentUrl({
      doctorId: t.doctorId,
      lpuId: t.clinicId,
      type: a.visitType,
      source: 'doctor_page',
    }),
  };
}
