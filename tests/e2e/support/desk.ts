import { type Browser, expect, type Page } from '@playwright/test';
import { csrf, workAccountContext } from './patient';

/**
 * Every day 07:00–22:00: wide enough that every scenario of a run finds free times today or
 * tomorrow and on a later day, and that no visit the demo data booked falls outside them (a
 * change that would drop one is refused).
 */
export const OPEN_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  intervals: [{ start: '07:00', end: '22:00' }],
}));

/** One doctor's workplace as the cabinet's hours call lists it. */
export interface DeskPlace {
  doctor: { id: number };
  clinic: { id: number };
  appointmentOn: boolean;
  visitTypes: string[];
  misSchedule: boolean;
}

/** The cabinet's hours call: the clinic and its doctors' workplaces. */
export interface DeskHours {
  clinicId: number;
  places: DeskPlace[];
}

/**
 * Works as a demo clinic's front desk: signs in to the clinic account `clinicPhone` in a context
 * of its own, reads the cabinet's hours, runs `work`, and closes the context whatever happens.
 */
export async function asDesk<T>(
  browser: Browser,
  clinicPhone: string,
  work: (desk: Page, hours: DeskHours) => Promise<T>,
): Promise<T> {
  const desk = await (await workAccountContext(browser, clinicPhone)).newPage();
  try {
    const hours = (await (await desk.request.get('/cabinet/ajax/schedule/hours/')).json()) as DeskHours;
    return await work(desk, hours);
  } finally {
    await desk.context().close();
  }
}

/**
 * Opens a workplace's calendar through the cabinet's calls, as the front desk would: online
 * booking on if it was off, and `OPEN_WEEK` as the weekly hours of `visitType`.
 */
export async function openHours(
  desk: Page,
  place: DeskPlace,
  {
    visitType = 'clinic',
    slotMinutes = 30,
  }: { visitType?: 'clinic' | 'home' | 'telemed'; slotMinutes?: number } = {},
): Promise<void> {
  const headers = { 'X-CSRFToken': await csrf(desk) };
  if (!place.appointmentOn) {
    const on = await desk.request.post('/cabinet/ajax/schedule/booking/', {
      headers,
      data: { doctor_id: place.doctor.id, on: true },
    });
    expect(on.status(), await on.text()).toBe(200);
  }
  const set = await desk.request.post('/cabinet/ajax/schedule/hours/', {
    headers,
    data: {
      doctor_id: place.doctor.id,
      clinic_id: place.clinic.id,
      visit_type: visitType,
      slot_minutes: slotMinutes,
      week: OPEN_WEEK,
    },
  });
  expect(set.status(), await set.text()).toBe(200);
}

/** A visit as the cabinet's reception list gives it. */
export interface DeskVisit {
  id: number;
  startsAt: string;
  endsAt: string;
  tz: string;
  status: string;
  patientName: string;
  doctor: { id: number } | null;
}

/** 'yyyy-MM-ddTHH:mm' on the clinic's clock (what a datetime-local field holds). */
export function localOf(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
}

/** The instant of a clinic-local 'yyyy-MM-ddTHH:mm' (found by its offset at that day's noon). */
export function instantOf(local: string, tz: string): Date {
  const guess = new Date(`${local}:00Z`);
  const shown = new Date(`${localOf(guess, tz)}:00Z`);
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime()));
}
