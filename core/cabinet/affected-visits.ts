import type { ReceptionVisit } from './contracts';

/**
 * What a schedule change's refusal carries besides its text (409 `visits_outside` of the hours
 * calls, `visits_booked` of days off): the booked visits it would drop. They are cancelled only
 * when the administrator sends the change again with `cancel_visits` and a reason.
 */
export interface AffectedVisits {
  visits: ReceptionVisit[];
}
