import type { FastifyInstance } from 'fastify';
import {
  onlineSlots,
  servicesSchedule,
  slotsBulk,
  slotsBySpecialities,
  telemedSlots,
} from '../../../core/schedule/calls';
import {
  DoctorSlotsListSchema,
  OnlineClinicSlotsListSchema,
  OnlineSlotsSchema,
  ServiceSlotsListSchema,
  ServicesScheduleSchema,
  SlotsBulkSchema,
  SlotsBySpecialitiesSchema,
  SpecialitySlotsListSchema,
  TelemedDaysSchema,
  TelemedSlotsSchema,
} from '../../../core/schedule/contracts';
import { serve } from '../../http/route';
import { createOnlineSlots } from './online';
import type { ScheduleService, SlotWindow } from './service';

/** The window of a slot call's body: its days from the start, in the patient's offset if given. */
const windowOf = (body: { days: number; user_timedelta?: number }, from: string): SlotWindow => ({
  from,
  days: body.days,
  displayOffset: body.user_timedelta,
});

/** The slot calls (docs/product/schedule-and-booking.md): live slots, never cached. */
export async function scheduleRoutes(app: FastifyInstance, { schedule }: { schedule: ScheduleService }) {
  const online = createOnlineSlots({ schedule });

  serve(app, slotsBulk, { body: SlotsBulkSchema, reply: DoctorSlotsListSchema }, async ({ body }, reply) => {
    reply.header('cache-control', 'private, no-store');
    return schedule.doctorSlots({
      ...windowOf(body, body.dt_start),
      doctors: body.doctors_lpus.map((p) => ({ doctorId: p.doctor_id, clinicId: p.lpu_id })),
      visitType: body.type_schedule,
      all: body.all_slots,
    });
  });

  serve(
    app,
    telemedSlots,
    { body: TelemedSlotsSchema, reply: TelemedDaysSchema },
    async ({ body }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return online.telemed({
        ...windowOf(body, body.dt_start),
        doctorId: body.doctor_id,
        clinicId: body.lpu_id,
      });
    },
  );

  serve(
    app,
    onlineSlots,
    { body: OnlineSlotsSchema, reply: OnlineClinicSlotsListSchema },
    async ({ body }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return online.online(body);
    },
  );

  serve(
    app,
    servicesSchedule,
    { body: ServicesScheduleSchema, reply: ServiceSlotsListSchema },
    async ({ body }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return schedule.serviceSlots({
        ...windowOf(body, body.day_start),
        services: body.services.map((s) => ({
          clinicId: s.lpu_id,
          key: s.service_id,
          doctorId: s.doctor_id ?? null,
        })),
        all: !body.only_free,
      });
    },
  );

  serve(
    app,
    slotsBySpecialities,
    { body: SlotsBySpecialitiesSchema, reply: SpecialitySlotsListSchema },
    async ({ body }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return schedule.slotsBySpecialities({
        ...windowOf(body, body.dt_start),
        clinics: body.lpus_specialities.map((p) => ({ clinicId: p.lpu_id, specialityId: p.speciality_id })),
      });
    },
  );
}
