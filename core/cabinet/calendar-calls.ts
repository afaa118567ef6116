import { defineCall } from '../http/call';
import type {
  Calendar,
  CalendarQuery,
  PatientCard,
  PatientNote,
  PatientNoteRequest,
} from './calendar-contracts';

/** The clinic's (or the doctor's own) calendar of a day or a week, one column per doctor at an address. */
export const cabinetCalendar = defineCall<{ query: CalendarQuery; reply: Calendar }>()(
  'GET',
  '/cabinet/ajax/calendar/',
);

/** The patient of one of the clinic's visits: contacts, visits at this clinic, the clinic's note. */
export const cabinetPatientCard = defineCall<{ params: { id: number }; reply: PatientCard }>()(
  'GET',
  '/cabinet/ajax/patients/:id/',
);

/** Saves the clinic's note on the patient of one of its visits (empty: cleared). */
export const cabinetPatientNote = defineCall<{
  params: { id: number };
  body: PatientNoteRequest;
  reply: PatientNote;
}>()('POST', '/cabinet/ajax/patients/:id/note/');
