import { formatPhoneDigits } from '../../core/auth/phone';
import { isWorkAccount, WORK_ACCOUNT_TITLE } from '../../core/auth/viewer';
import { slotParam } from '../../core/booking/urls';
import { formatVisitTime } from '../../core/booking/visit';
import { zonedInstant } from '../../core/schedule/free-slots';
import type { SessionViewer } from '../../server/modules/auth/viewer';

/**
 * What both booking pages (a doctor's, a service's) read from the link's slot and the viewer:
 * the chosen time when it is free (as the clinic's clock shows it), whether the link's time is
 * gone, who is booking and their phone.
 */
export function bookingPageState(
  viewer: SessionViewer,
  target: { slots: Record<string, { time: string }[]>; tz: string },
  slot: { day: string; time: string } | null,
) {
  const offered = slot ? target.slots[slot.day]?.find((s) => s.time === slot.time) : undefined;
  return {
    chosen:
      slot && offered
        ? {
            slot: slotParam(slot.day, slot.time),
            label: formatVisitTime(zonedInstant(slot.day, slot.time, target.tz), target.tz),
          }
        : null,
    /** The link asked for a time that is gone or never was. */
    staleSlot: Boolean(slot && !offered),
    account: viewer.isAnonymous
      ? ('anonymous' as const)
      : isWorkAccount(viewer)
        ? ('work' as const)
        : ('patient' as const),
    workAccountText: WORK_ACCOUNT_TITLE,
    phone: viewer.userPhone ? formatPhoneDigits(viewer.userPhone) : '',
  };
}
