import type { MisSlotsPushed, MisSlotsPushRequest } from '../../../core/mis/contracts';
import {
  clinicTime,
  diffSlots,
  horizonLastDay,
  MIS_TEXTS,
  NOT_OFFERED_LISTED,
  notOffered,
  type PushedSlot,
  type StoredSlot,
  slotProblems,
} from '../../../core/mis/push';
import type { DbTx } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { MisRepo, Place } from './repo';

// The steps of a slot push (MisService.pushSlots), run in order inside its one transaction.

/** A doctor named in the push, with his slots. */
export interface Asked {
  place: Place;
  slots: PushedSlot[];
}

/**
 * Step 1: finds each named doctor among the clinic's (by our id or his MIS id) and checks his
 * slots; any problem refuses the whole push (400 with the first fifty).
 */
export function matchDoctors(all: Place[], body: MisSlotsPushRequest, timeZone: string): Asked[] {
  const byId = new Map(all.map((p) => [p.doctorId, p]));
  const byMisId = new Map(all.filter((p) => p.misId !== null).map((p) => [p.misId, p]));
  const seen = new Set<number>();
  const problems: string[] = [];
  const asked: Asked[] = [];
  for (const entry of body.doctors) {
    const label = entry.doctor_id !== undefined ? String(entry.doctor_id) : `mis_id ${entry.doctor_mis_id}`;
    const place =
      entry.doctor_id !== undefined ? byId.get(entry.doctor_id) : byMisId.get(entry.doctor_mis_id ?? null);
    if (!place) {
      problems.push(MIS_TEXTS.unknownDoctor(label));
      continue;
    }
    if (seen.has(place.workplaceId)) {
      problems.push(MIS_TEXTS.twice(label));
      continue;
    }
    seen.add(place.workplaceId);
    const slots: PushedSlot[] = entry.slots.map((s) => ({
      misId: s.mis_id ?? null,
      startsAt: new Date(s.starts_at),
      durationMinutes: s.duration_minutes,
      visitType: s.visit_type,
    }));
    for (const type of new Set(slots.map((s) => s.visitType))) {
      if (!place.visitTypes.includes(type)) problems.push(MIS_TEXTS.noVisitType(label, type));
    }
    problems.push(...slotProblems(slots, { from: body.from, to: body.to, timeZone, doctor: label }));
    asked.push({ place, slots });
  }
  if (problems.length) throw badRequest(problems[0], { problems: problems.slice(0, 50) });
  return asked;
}

/** Step 2: the slots the named doctors have in the pushed days, by workplace. */
export async function readStoredSlots(
  repo: MisRepo,
  tx: DbTx,
  asked: Asked[],
  window: { from: Date; to: Date },
): Promise<Map<number, StoredSlot[]>> {
  const stored = await repo.storedSlots(
    tx,
    asked.map((a) => a.place.workplaceId),
    window.from,
    window.to,
  );
  const storedOf = new Map<number, StoredSlot[]>();
  for (const row of stored) {
    const list = storedOf.get(row.workplaceId) ?? [];
    list.push({ ...row, startsAt: new Date(row.startsAt) });
    storedOf.set(row.workplaceId, list);
  }
  return storedOf;
}

/** What a push changes, over all its doctors. */
export interface SlotChanges {
  removed: number[];
  added: { workplaceId: number; slot: PushedSlot }[];
  /**
   * Rows rewritten in place: a changed id or length, or a removed slot's row taking an added
   * slot of the same doctor (cheaper than a delete and an insert: no new row to check against
   * its foreign keys, no dead row left behind).
   */
  rewritten: { id: number; slot: PushedSlot }[];
  /** Workplaces that gained times: the waitlist hears of them. */
  gained: number[];
  reply: MisSlotsPushed;
}

/** Step 3: each doctor's stored slots against his pushed ones (core/mis/push.ts diffSlots). */
export function planChanges(
  asked: Asked[],
  storedOf: Map<number, StoredSlot[]>,
  days: { from: string; to: string },
  clinic: { now: Date; timeZone: string; horizonDays: number },
): SlotChanges {
  const changes: SlotChanges = {
    removed: [],
    added: [],
    rewritten: [],
    gained: [],
    reply: {
      from: days.from,
      to: days.to,
      offered_until: horizonLastDay(clinic.now, clinic.timeZone, clinic.horizonDays),
      doctors: [],
    },
  };
  for (const { place, slots } of asked) {
    const before = storedOf.get(place.workplaceId) ?? [];
    const diff = diffSlots(before, slots);
    const byId = new Map(before.map((row) => [row.id, row]));
    for (const u of diff.update) {
      const row = byId.get(u.id);
      if (row)
        changes.rewritten.push({
          id: u.id,
          slot: { ...row, misId: u.misId, durationMinutes: u.durationMinutes },
        });
    }
    const reused = Math.min(diff.remove.length, diff.add.length);
    for (let i = 0; i < reused; i++) changes.rewritten.push({ id: diff.remove[i], slot: diff.add[i] });
    changes.removed.push(...diff.remove.slice(reused));
    changes.added.push(...diff.add.slice(reused).map((slot) => ({ workplaceId: place.workplaceId, slot })));
    if (diff.add.length > 0) changes.gained.push(place.workplaceId);
    const hidden = notOffered(slots, clinic);
    changes.reply.doctors.push({
      doctor_id: place.doctorId,
      added: diff.add.length,
      removed: diff.remove.length,
      updated: diff.update.length,
      unchanged: diff.unchanged,
      not_offered: hidden
        .slice(0, NOT_OFFERED_LISTED)
        .map((h) => ({ starts_at: clinicTime(h.startsAt, clinic.timeZone), reason: h.reason })),
      not_offered_count: hidden.length,
    });
  }
  return changes;
}

/** Step 4: writes the changes (one statement per kind) and puts the doctors on the pushed schedule. */
export async function applyChanges(repo: MisRepo, tx: DbTx, asked: Asked[], changes: SlotChanges) {
  if (changes.removed.length) await repo.deleteSlots(tx, changes.removed);
  if (changes.rewritten.length) await repo.rewriteSlots(tx, changes.rewritten);
  if (changes.added.length) await repo.insertSlots(tx, changes.added);
  const toMis = asked.filter((a) => !a.place.misSchedule).map((a) => a.place.workplaceId);
  if (toMis.length) await repo.putOnMisSchedule(tx, toMis);
}
