import { VISIT_TYPES, type VisitType } from '../../../core/booking/urls';
import { addDays, rezoneSlots } from '../../../core/schedule/free-slots';
import type { OnlineSlotsBody, TelemedSlotsBody } from '../../../core/schedule/online-schemas';
import type { MarkedSlot, ScheduleService } from './service';

/** The spec's 'Telemedicine schedule slot': a date and its slots, duration in minutes. */
export interface TelemedDay {
  date: string;
  slots: { time_start: string; free: boolean; duration: number }[];
}

/** The spec's 'Slot response' of online consultations: per clinic, `schedule_data` per doctor. */
export interface OnlineClinicSlots {
  lpu_id: number;
  schedule_data: {
    doctor_id: number;
    type_schedule: VisitType;
    /** 'yyyy-MM-dd' in the patient's zone → slots, times there too. */
    schedule: Record<string, MarkedSlot[]>;
  }[];
}

/** Zones are at most 26 h apart (UTC−12 … UTC+14): two days either side cover any patient. */
const PAD_DAYS = 2;

/** The online slot calls, on top of slots_bulk (no SQL of their own). */
export function createOnlineSlots({ schedule }: { schedule: ScheduleService }) {
  return {
    /**
     * `POST /ajax/schedule/slots_bulk/telemed/`: every telemedicine slot of the doctor at the
     * clinic in the window, taken ones marked free: false; only dates that have slots, in order.
     */
    async telemed(body: TelemedSlotsBody): Promise<TelemedDay[]> {
      const [answer] = await schedule.slotsBulk(
        {
          days: body.days,
          dt_start: body.dt_start,
          doctors_lpus: [{ doctor_id: body.doctor_id, lpu_id: body.lpu_id }],
          town_timedelta: body.town_timedelta,
          lpu_timedelta: body.lpu_timedelta,
          user_timedelta: body.user_timedelta,
          all_slots: true,
        },
        'telemed',
      );
      return Object.keys(answer?.slots ?? {})
        .sort()
        .map((date) => ({
          date,
          slots: answer.slots[date].map((s) => ({
            time_start: s.time,
            free: s.free ?? true,
            duration: s.duration,
          })),
        }));
    },

    /**
     * The online doctors' request: one slots_bulk per schedule type asked, answered in UTC over
     * a padded window, then re-keyed into the patient's zone and cut to their `days` from
     * `user_start_date`. E.g. a Moscow clinic's 09:00 is 13:00 for a patient in Novosibirsk.
     */
    async online(body: OnlineSlotsBody): Promise<OnlineClinicSlots[]> {
      const asked = body.lpu_params.flatMap((p) =>
        p.schedule_params.map((s) => ({ lpu_id: p.lpu_id, doctor_id: s.doctor_id, type: s.type_schedule })),
      );
      const key = (type: VisitType, doctorId: number, lpuId: number) => `${type}:${doctorId}:${lpuId}`;
      const found = new Map<string, Record<string, MarkedSlot[]>>();
      for (const type of VISIT_TYPES) {
        const pairs = [
          ...new Map(
            asked
              .filter((a) => a.type === type)
              .map((a) => [`${a.doctor_id}:${a.lpu_id}`, { doctor_id: a.doctor_id, lpu_id: a.lpu_id }]),
          ).values(),
        ];
        if (pairs.length === 0) continue;
        const answers = await schedule.slotsBulk(
          {
            days: body.days + 2 * PAD_DAYS,
            dt_start: addDays(body.user_start_date, -PAD_DAYS),
            doctors_lpus: pairs,
            user_timedelta: 0,
            all_slots: !body.only_free,
          },
          type,
        );
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
