/**
 * How many days the schedules show and how much one slot call may ask. Kept apart from the
 * call contracts (contracts.ts) so that widgets read them without loading the validation library.
 */

/** Doctors and clinics show two weeks (list cards, the booking page). */
export const SCHEDULE_DAYS = 14;
/** Services show a month. */
export const SERVICE_SCHEDULE_DAYS = 30;
/** At most this many days in one slot call. */
export const MAX_SLOT_DAYS = 31;
/** At most this many doctors, clinics or services in one slot call (a list page shows 20). */
export const MAX_SLOT_ITEMS = 100;
