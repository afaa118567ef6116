import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * The consultation room of an online visit (visit type 'telemed'): when it is open and who may
 * enter it (docs/product/online-room.md). Pure: the caller passes the visit, the viewer and `now`.
 *
 * Worked example: a visit 12:00–12:30 (Moscow) opens its room at 11:50 and closes it at 13:00;
 * at 11:49 the page says when it opens, at 13:00 that the consultation is over.
 */

/** The room opens this long before the visit starts. */
export const ROOM_OPENS_BEFORE_MS = 10 * 60_000;
/** And closes this long after the visit's end: a consultation that started late may run over. */
export const ROOM_CLOSES_AFTER_MS = 30 * 60_000;

/** Where a visit's room stands at an instant. */
export type RoomTime = 'early' | 'open' | 'over';

export interface RoomVisit {
  visitType: string;
  status: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** The patient's account (the one that booked), or null for a visit booked without one. */
  userId: number | null;
  doctorId: number | null;
}

export interface RoomViewer {
  userId: number | null;
  role: string | null;
  doctorId: number | null;
}

/** Who is in a room: the visit's patient or its doctor; nobody else ever enters. */
export type RoomRole = 'patient' | 'doctor';

/** A visit has a room when it is an online one that still takes place (not cancelled, not a hold). */
export function hasRoom(visit: Pick<RoomVisit, 'visitType' | 'status'>): boolean {
  return visit.visitType === 'telemed' && (visit.status === 'active' || visit.status === 'done');
}

/** When the room opens and closes (ISO instants). */
export function roomWindow(visit: Pick<RoomVisit, 'startsAt' | 'endsAt'>): {
  opensAt: string;
  closesAt: string;
} {
  return {
    opensAt: new Date(new Date(visit.startsAt).getTime() - ROOM_OPENS_BEFORE_MS).toISOString(),
    closesAt: new Date(new Date(visit.endsAt).getTime() + ROOM_CLOSES_AFTER_MS).toISOString(),
  };
}

/** When the room opens, 'HH:mm' on the clinic's clock (a visit at 12:00 → '11:50'). */
export function roomOpeningTime(startsAt: string, tz: string): string {
  return format(new TZDate(new Date(startsAt).getTime() - ROOM_OPENS_BEFORE_MS, tz), 'HH:mm');
}

/** 'early' before the opening, 'open' from it (inclusive) until the closing (exclusive), 'over' after. */
export function roomTime(visit: Pick<RoomVisit, 'startsAt' | 'endsAt'>, now: Date): RoomTime {
  const { opensAt, closesAt } = roomWindow(visit);
  const t = now.getTime();
  if (t < new Date(opensAt).getTime()) return 'early';
  if (t >= new Date(closesAt).getTime()) return 'over';
  return 'open';
}

/**
 * Who the viewer is in the visit's room, or null: the patient is the account that booked the
 * visit (a patient account); the doctor is the doctor's own cabinet account (role 'doctor' with
 * the visit's doctor). The clinic's staff, the front desk and the site's staff do not enter: a
 * consultation is between the patient and the doctor (issue 46).
 */
export function roomRole(visit: Pick<RoomVisit, 'userId' | 'doctorId'>, viewer: RoomViewer): RoomRole | null {
  if (viewer.userId === null) return null;
  if (viewer.role === 'patient' && visit.userId !== null && visit.userId === viewer.userId) return 'patient';
  if (viewer.role === 'doctor' && visit.doctorId !== null && viewer.doctorId === visit.doctorId)
    return 'doctor';
  return null;
}

/** The room's page for a visit (the patient's and the doctor's alike). */
export const onlineRoomUrl = (appointmentId: number) => `/appointment/${appointmentId}/online/`;
/** The signalling websocket of a visit's room. */
export const onlineRoomSocketUrl = (appointmentId: number) => `/ws/online/${appointmentId}`;

/**
 * Where an online visit takes place, as the SMS names it instead of the clinic's address: the
 * room's link and what the patient needs ('онлайн: https://…/appointment/5/online/ (нужны
 * браузер, камера и наушники)').
 */
export const onlineVisitPlace = (origin: string, appointmentId: number) =>
  `онлайн: ${origin}${onlineRoomUrl(appointmentId)} (нужны браузер, камера и наушники)`;

/** The calendar file's place and link of an online visit: its room. */
export function onlineRoomIcs(origin: string, appointmentId: number): { location: string; url: string } {
  const url = `${origin}${onlineRoomUrl(appointmentId)}`;
  return { location: url, url };
}
