import { VISIT_TYPES, type VisitType } from '../../../core/booking/urls';
import type {
  MarkedDays,
  OnlineClinicSlots,
  OnlineSlotsBody,
  TelemedDay,
} from '../../../core/schedule/contracts';
import { addDays, rezoneSlots } from '../../../core/schedule/free-slots';
import type { DoctorAtClinic, ScheduleService, SlotWindow } from './service';

/** Zones are at most 26 h apart (UTC−12 … UTC+14): two days either side cover any patient. */
const PAD_DAYS = 2;

/** The online slot calls, on top of the doctors' slots (no SQL of their own). */
export function createOnlineSlots({ schedule }: { schedule: ScheduleService }) {
  return {
    /**
     * Every telemedicine slot of the doctor at the clinic in the window, taken ones marked
     * free: false; only dates that have slots, in order.
     */
    async telemed(ask: DoctorAtClinic & SlotWindow): Promise<TelemedDay[]> {
      const slots = await schedule.doctorDays({ ...ask, visitType: 'telemed', all: true });
      return Object.keys(slots)
        .sort()
        .map((date) => ({
          date,
          slots: slots[date].map((s) => ({
            time_start: s.time,
            free: s.free ?? true,
            duration: s.duration,
          })),
        }));
    },

    /**
     * The online doctors' request: the doctors' slots per schedule type asked, answered in UTC
     * over a padded window, then re-keyed into the patient's zone and cut to their `days` from
     * `user_start_date`. E.g. a Moscow clinic's 09:00 is 13:00 for a patient in Novosibirsk.
     */
    async online(body: OnlineSlotsBody): Promise<OnlineClinicSlots[]> {
      const asked = body.lpu_params.flatMap((p) =>
        p.schedule_params.map((s) => ({ clinicId: p.lpu_id, doctorId: s.doctor_id, type: s.type_schedule })),
      );
      const key = (type: VisitType, doctorId: number, clinicId: number) => `${type}:${doctorId}:${clinicId}`;
      const found = new Map<string, MarkedDays>();
      for (const type of VISIT_TYPES) {
        const doctors = [
          ...new Map(
            asked
              .filter((a) => a.type === type)
              .map((a) => [`${a.doctorId}:${a.clinicId}`, { doctorId: a.doctorId, clinicId: a.clinicId }]),
          ).values(),
        ];
        if (doctors.length === 0) continue;
        const answers = await schedule.doctorSlots({
          doctors,
          days: body.days + 2 * PAD_DAYS,
          from: addDays(body.user_start_date, -PAD_DAYS),
          displayOffset: 0,
          all: !body.only_free,
          visitType: type,
        });
        for (const a of answers) {
          const window = { from: body.user_start_date, days: body.days };
          found.set(
            key(type, a.doctor_id, a.lpu_id),
            rezoneSlots(a.slots, 'Etc/UTC', body.user_timezone, window),
          );
        }
      }
      return body.lpu_params.map((p) => ({
        lpu_id: p.lpu_id,
        schedule_data: p.schedule_params.map((s) => ({
          doctor_id: s.doctor_id,
          type_schedule: s.type_schedule,
          schedule: found.get(key(s.type_schedule, s.doctor_id, p.lpu_id)) ?? {},
        })),
      }));
    },
  };
}
