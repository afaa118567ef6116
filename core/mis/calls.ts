import { defineCall } from '../http/call';
import type {
  MisAppointment,
  MisBookBody,
  MisCancelBody,
  MisDoctor,
  MisDoctorBody,
  MisDoctors,
  MisFeed,
  MisFeedQuery,
  MisKey,
  MisKeyBody,
  MisKeyCreated,
  MisKeys,
  MisMarkBody,
  MisMoveBody,
  MisSlotsPush,
  MisSlotsPushed,
} from './contracts';

/** The integration API's base; its OpenAPI description is served at `${MIS_API}openapi.json`. */
export const MIS_API = '/api/mis/v1/';

/** The clinic's doctors with our ids, their MIS ids and visit types. */
export const misDoctors = defineCall<{ reply: MisDoctors }>()('GET', `${MIS_API}doctors/`);

/** Links a doctor to his id in the clinic's software, or hands his schedule back to the cabinet. */
export const misSetDoctor = defineCall<{ params: { id: number }; body: MisDoctorBody; reply: MisDoctor }>()(
  'PUT',
  `${MIS_API}doctors/:id/`,
);

/** Makes the named doctors' slots over days from…to exactly the pushed ones (idempotent). */
export const misPushSlots = defineCall<{ body: MisSlotsPush; reply: MisSlotsPushed }>()(
  'PUT',
  `${MIS_API}slots/`,
);

/** New and changed appointments of the clinic since a cursor, oldest change first. */
export const misAppointments = defineCall<{ query: MisFeedQuery; reply: MisFeed }>()(
  'GET',
  `${MIS_API}appointments/`,
);

/** Cancels a visit of the clinic's with a reason; the patient gets the SMS. */
export const misCancel = defineCall<{ params: { id: number }; body: MisCancelBody; reply: MisAppointment }>()(
  'POST',
  `${MIS_API}appointments/:id/cancel/`,
);

/** Moves a visit to another time of the doctor's (or another doctor's of the clinic). */
export const misMove = defineCall<{ params: { id: number }; body: MisMoveBody; reply: MisAppointment }>()(
  'POST',
  `${MIS_API}appointments/:id/move/`,
);

/** Marks a begun visit: the patient arrived, or did not. */
export const misMark = defineCall<{ params: { id: number }; body: MisMarkBody; reply: MisAppointment }>()(
  'POST',
  `${MIS_API}appointments/:id/mark/`,
);

/** Books a time for a patient, as the clinic's front desk does. */
export const misBook = defineCall<{ body: MisBookBody; reply: MisAppointment }>()(
  'POST',
  `${MIS_API}appointments/`,
);

/** The clinic's integration keys (a clinic account in its cabinet). */
export const cabinetMisKeys = defineCall<{ reply: MisKeys }>()('GET', '/cabinet/ajax/mis-keys/');

/** Makes a key; the reply holds the key itself, shown this once. */
export const cabinetCreateMisKey = defineCall<{ body: MisKeyBody; reply: MisKeyCreated }>()(
  'POST',
  '/cabinet/ajax/mis-keys/',
);

/** Revokes a key at once (rotation: make a new one, switch the software to it, revoke the old). */
export const cabinetRevokeMisKey = defineCall<{ params: { id: number }; reply: MisKey }>()(
  'POST',
  '/cabinet/ajax/mis-keys/:id/revoke/',
);
