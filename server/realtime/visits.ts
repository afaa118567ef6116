import { type EventBus, TOPICS } from './bus';

/** What happened to a visit: the cabinet's open lists read their visits again. */
export interface VisitChange {
  change: 'booked' | 'canceled' | 'marked' | 'moved' | 'confirmed';
  appointmentId: number;
}

/** A block taken out of a doctor's times, or given back: the calendar shows its free times again. */
export interface BlockChange {
  change: 'blocked' | 'unblocked';
  blockId: number;
}

/**
 * Tells the clinic's and the doctor's open cabinet lists, on every app process, that one of
 * their visits (or a block of its times) changed. Sent after the change commits; delivery is best effort (the lists also
 * read the database now and then), so a failure here never fails the booking.
 */
export async function announceVisit(
  bus: EventBus,
  visit: { clinicId: number; doctorId: number | null },
  change: VisitChange | BlockChange,
): Promise<void> {
  await Promise.all([
    bus.publish(TOPICS.visits('clinic', visit.clinicId), change),
    visit.doctorId === null ? null : bus.publish(TOPICS.visits('doctor', visit.doctorId), change),
  ]);
}
