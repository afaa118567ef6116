import type { AppointmentPage, Appointment as BookedVisit } from '../../core/booking/contracts';
import { BOOKING_TITLES } from '../../core/booking/form';
import { formatVisitWhen } from '../../core/booking/home-visit';
import { appointmentIcsUrl, rescheduleUrl } from '../../core/booking/urls';
import { canceledMoneyText, cancelMoney, cancelMoneyWarning, visitMoney } from '../../core/club/visit-money';
import { zonedDay } from '../../core/dates/zoned';
import { routeToLink } from '../../core/map/rules';
import { formatRub } from '../../core/money/money';
import { onlineRoomUrl, roomOpeningTime } from '../../core/online/room';
import { formatPhone } from '../../core/phone/format';
import { AppointmentDetails } from '../features/booking/appointment-details';
import { applyReviewAward } from '../features/reviews/review-award';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/appointment';

/**
 * `/appointment/{id}/?token=…`: the booked visit ('Вы записаны'), its .ics file and the cancel
 * button. Its patient (signed in) or whoever holds the link from the SMS may open it.
 */
export async function loader({ url, params, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const token = url.searchParams.get('token');
  const seen = id ? await context.services.booking.view(context.viewer, id, token) : null;
  if (!seen?.subject) throw notFound();
  const { appointment: a, subject: t } = seen;
  const upcoming = a.status === 'active' && new Date(a.startsAt).getTime() > context.clock.now().getTime();
  const award =
    a.status === 'active'
      ? await context.services.reviewAwards.forAppointment(context.viewer, a.id)
      : { applied: null, available: null };
  const page: AppointmentPage = {
    id: a.id,
    token,
    status: a.status,
    canCancel: seen.canCancel,
    confirmation: upcoming
      ? a.confirmedAt
        ? a.confirmedBy === 'clinic'
          ? 'clinic'
          : 'done'
        : 'pending'
      : null,
    clinicPhone: t.clinicPhone ? formatPhone(t.clinicPhone) : null,
    // A home visit comes to the patient and an online one has its room: no route for either.
    routeUrl: a.visitType === 'clinic' && t.clinicPoint ? routeToLink(t.clinicPoint) : null,
    rescheduleUrl:
      a.status === 'active' && seen.canCancel && a.doctorId !== null && a.clinicServiceId === null
        ? rescheduleUrl({
            id: a.id,
            doctorId: a.doctorId,
            clinicId: a.clinicId,
            visitType: a.visitType,
            token,
          })
        : null,
    clinicCancelReason: a.status === 'canceled' ? a.clinicCancelReason : null,
    patient: { name: a.patientName, phone: formatPhone(a.patientPhone) },
    when: formatVisitWhen(a.startsAt, t.tz, t.home?.windowMinutes ?? null),
    home: t.home?.address ?? null,
    price: a.price === null ? null : formatRub(a.price),
    money: moneyOf(a, award.applied ?? 0),
    discount:
      award.applied === null
        ? null
        : {
            amount: formatRub(award.applied),
            total: a.price === null ? null : formatRub(Math.max(0, a.price - award.applied)),
          },
    availableAward: upcoming && award.available !== null ? formatRub(award.available) : null,
    online:
      a.visitType === 'telemed' && a.status === 'active'
        ? { url: onlineRoomUrl(a.id), opensAt: roomOpeningTime(a.startsAt, t.tz) }
        : null,
    kind: t.kind,
    title: t.title,
    titleUrl: t.url,
    details: t.details,
    clinicName: t.clinicName,
    clinicUrl: t.clinicUrl,
    address: t.address,
    metro: t.metro,
    icsUrl: token ? appointmentIcsUrl({ id: a.id, cancelToken: token }) : `/appointment/${a.id}/ics/`,
    againUrl: t.againUrl,
    earlier:
      upcoming &&
      seen.canCancel &&
      a.doctorId !== null &&
      a.clinicServiceId === null &&
      a.userId === context.viewer.userId
        ? {
            doctorId: a.doctorId,
            lpuId: a.clinicId,
            type: a.visitType,
            today: zonedDay(context.clock.now(), t.tz).date,
            until: zonedDay(new Date(a.startsAt), t.tz).date,
          }
        : null,
  };
  return { origin: context.origin, page };
}

/** A prepaid visit's money as its page says it (core/club/visit-money.ts); null without a prepayment. */
function moneyOf(a: BookedVisit, award: number): AppointmentPage['money'] {
  const money = visitMoney(a.price, a.prepaid, award);
  if (money.paid <= 0) return null;
  // Only the clinic's cancel carries its reason: it refunds the coupon; the patient's keeps it.
  const by = a.clinicCancelReason !== null ? 'clinic' : 'patient';
  return {
    paid: formatRub(money.paid),
    due: money.due === null ? null : formatRub(money.due),
    cancelWarning: cancelMoneyWarning(a.prepaid),
    canceled: a.status === 'canceled' ? canceledMoneyText(cancelMoney(a.prepaid, by)) : '',
  };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${loaderData?.page.status === 'canceled' ? 'Запись отменена' : BOOKING_TITLES.success} — ПроДокторов`,
    description: 'Детали записи на приём.',
    canonical: `${loaderData?.origin ?? ''}/appointment/${loaderData?.page.id ?? ''}/`,
    noindex: true,
  }),
];

export default function Appointment({ loaderData }: Route.ComponentProps) {
  return <AppointmentDetails page={loaderData.page} applyAward={applyReviewAward} />;
}
