import type { Appointment } from '../../../core/booking/contracts';
import { visitAddressOf } from '../../../core/booking/home-address';
import type { VisitSubject } from '../../../core/booking/page-contracts';
import { doctorAppointmentUrl, serviceAppointmentUrl } from '../../../core/booking/urls';
import type { BookingRepo } from './repo';
import type { BookingTargetRow } from './targets-repo';

/** A subject's clinic: where the visit is, and the zone its times are told in. */
const clinicOf = (
  t: Pick<
    BookingTargetRow,
    | 'clinicId'
    | 'clinicName'
    | 'clinicUrl'
    | 'address'
    | 'metro'
    | 'tz'
    | 'clinicPhone'
    | 'clinicLat'
    | 'clinicLon'
  >,
) => ({
  clinicId: t.clinicId,
  clinicPoint: { lat: t.clinicLat, lon: t.clinicLon },
  clinicPhone: t.clinicPhone,
  clinicName: t.clinicName,
  clinicUrl: t.clinicUrl,
  address: t.address,
  metro: t.metro,
  tz: t.tz,
});

/**
 * What an appointment is of, for its page, its .ics file and its messages: the doctor, or the
 * clinic's service (read again, so a renamed clinic shows its new name). A home visit's place is
 * the patient's address (its `home`): every text that says where then names it, not the clinic.
 */
export async function visitSubject(
  repo: BookingRepo,
  a: Pick<Appointment, 'doctorId' | 'clinicId' | 'clinicServiceId' | 'visitType'> & { id?: number },
): Promise<VisitSubject | null> {
  const subject = await subjectOf(repo, a);
  if (!subject || a.visitType !== 'home' || a.id === undefined) return subject;
  const place = await repo.homePlace(a.id);
  if (!place) return subject;
  const address = visitAddressOf(place.address);
  return {
    ...subject,
    address: address.line,
    metro: null,
    home: { address, windowMinutes: place.windowMinutes },
  };
}

async function subjectOf(
  repo: BookingRepo,
  a: Pick<Appointment, 'doctorId' | 'clinicId' | 'clinicServiceId' | 'visitType'>,
): Promise<VisitSubject | null> {
  if (a.clinicServiceId !== null) {
    const t = await repo.serviceTarget({ line: a.clinicServiceId });
    if (!t) return null;
    return {
      kind: 'service',
      title: t.serviceName,
      url: t.serviceUrl,
      details: [t.className],
      ...clinicOf(t),
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
    ...clinicOf(t),
    againUrl: doctorAppointmentUrl({
      doctorId: t.doctorId,
      lpuId: t.clinicId,
      type: a.visitType,
      source: 'doctor_page',
    }),
  };
}
