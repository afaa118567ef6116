import { defineCall } from '../http/call';
import type {
  DoctorSlots,
  OnlineClinicSlots,
  OnlineSlotsRequest,
  ServiceSlots,
  ServicesScheduleRequest,
  SlotsBulkRequest,
  SlotsBySpecialitiesRequest,
  SpecialitySlots,
  TelemedDay,
  TelemedSlotsRequest,
} from './contracts';

/** Slots of doctors at clinics (the list cards' calendars, batched by the page). */
export const slotsBulk = defineCall<{ body: SlotsBulkRequest; reply: DoctorSlots[] }>()(
  'POST',
  '/ajax/schedule/slots_bulk/',
);
/** One doctor's telemedicine slots at a clinic, taken ones marked. */
export const telemedSlots = defineCall<{ body: TelemedSlotsRequest; reply: TelemedDay[] }>()(
  'POST',
  '/ajax/schedule/slots_bulk/telemed/',
);
/** The online doctors' slots, in the patient's zone. */
export const onlineSlots = defineCall<{ body: OnlineSlotsRequest; reply: OnlineClinicSlots[] }>()(
  'POST',
  '/ajax/schedule/slots_bulk/online/',
);
/** A clinic card's slots for a speciality, whichever doctor of it is free. */
export const slotsBySpecialities = defineCall<{
  body: SlotsBySpecialitiesRequest;
  reply: SpecialitySlots[];
}>()('POST', '/ajax/schedule/slots_bulk_by_specialities/');
/** Slots of slot-booked price-list lines (services cards). */
export const servicesSchedule = defineCall<{ body: ServicesScheduleRequest; reply: ServiceSlots[] }>()(
  'POST',
  '/ajax/services/schedule/',
);
