import { FIRST_FREE_VISIT_TYPES, type FirstFreeVisitType } from '../../../core/directory/list-filters';
import { addDays, wallClock, zonedInstant } from '../../../core/schedule/free-slots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/queue';
import { createScheduleService } from '../schedule/service';
import { createFirstFreeRepo, type DueRow, type WorkplaceRow } from './first-free-repo';

/**
 * Each doctor's first free time per visit type (table doctor_first_free, ADR 046): computed by
 * the calendars' own code (the schedule service's doctorSlots) and kept true by the triggers of
 * migration 0053, which mark a doctor's rows stale in the transaction of any write that changes
 * the doctor's free times. A row is recomputed when its `valid_until` has passed; it is written
 * back only if no write marked it again meanwhile (`version`).
 */

/** Doctors recomputed per batch: one slot-inputs query and the pure rules for each. */
const BATCH = 100;
/** The lists recompute at most this many due rows before answering; the job does the rest. */
export const LIST_REFRESH_LIMIT = 100;
/** The job's time budget per run (it runs each minute). */
const JOB_BUDGET_MS = 40_000;
/**
 * Passes of growing windows (from the UTC day before today): three days cover every zone's
 * today and tomorrow and find most doctors' first time (the cheap case: a first slot that just
 * passed, the next one the same day), a week the most of the rest; the rest are read to their
 * horizon.
 */
const PASS_DAYS = [3, 9];
const FEW = 20;
/** Horizons are smallint days; a sane cap for one read. */
const MAX_HORIZON_DAYS = 366;

export const FIRST_FREE_JOB = 'directory.first-free-refresh';

export interface FirstFreeValue {
  firstFreeAt: Date | null;
  clinicId: number | null;
  tz: string | null;
  validUntil: Date;
}

const INFINITY = new Date(8.64e15);

export type FirstFreeService = ReturnType<typeof createFirstFreeService>;

export function createFirstFreeService({ db, clock }: { db: Db; clock: Clock }) {
  // The primary's data: a refresh must see the write that marked the row.
  const schedule = createScheduleService({ db, clock });
  const repo = createFirstFreeRepo(db);

  /**
   * The first free time of each doctor for a visit type, over the doctor's open workplaces, as
   * the calendars compute it at `now`, and until when it holds without a write.
   */
  async function compute(
    doctorIds: number[],
    visitType: FirstFreeVisitType,
    now: Date,
  ): Promise<Map<number, FirstFreeValue>> {
    const [workplaces, holds] = await Promise.all([
      repo.workplacesOf(doctorIds),
      repo.holdExpiries(doctorIds, now),
    ]);
    const open = workplaces.filter((w) => w.open);
    // Days are each clinic's: from the UTC day before today every zone's today is covered, and
    // the rules themselves drop the past, the notice and the days past each clinic's horizon.
    const from = addDays(now.toISOString().slice(0, 10), -1);
    const best = new Map<number, { at: Date; w: WorkplaceRow }>();
    const scan = async (pairs: WorkplaceRow[], days: number) => {
      if (!pairs.length) return;
      const answers = await schedule.doctorSlots({
        doctors: pairs.map((w) => ({ doctorId: w.doctorId, clinicId: w.clinicId })),
        from,
        days,
        visitType,
      });
      answers.forEach((answer, i) => {
        const w = pairs[i];
        const first = Object.keys(answer.slots).sort()[0];
        const time = first ? answer.slots[first][0]?.time : undefined;
        if (!first || !time) return;
        const at = zonedInstant(first, time, w.tz);
        const known = best.get(w.doctorId);
        if (!known || at < known.at) best.set(w.doctorId, { at, w });
      });
    };
    let scanned = 0;
    // A few doctors (a list's refresh after some writes): one read to the horizon costs fewer
    // round trips than growing windows.
    for (const days of doctorIds.length > FEW ? PASS_DAYS : []) {
      await scan(
        open.filter((w) => !best.has(w.doctorId) && w.horizonDays + 2 > scanned),
        days,
      );
      scanned = days;
    }
    const rest = open.filter((w) => !best.has(w.doctorId) && w.horizonDays + 2 > scanned);
    if (rest.length) {
      const days = Math.min(MAX_HORIZON_DAYS, Math.max(...rest.map((w) => w.horizonDays)) + 2);
      await scan(rest, days);
    }

    const out = new Map<number, FirstFreeValue>();
    for (const doctorId of doctorIds) {
      const mine = open.filter((w) => w.doctorId === doctorId);
      const found = best.get(doctorId);
      let validUntil = INFINITY;
      if (found) {
        validUntil = new Date(found.at.getTime() - found.w.minNoticeMinutes * 60_000);
      } else {
        // Nothing free: the next midnight of a clinic's zone brings a new day into its horizon.
        for (const w of mine) {
          const midnight = zonedInstant(addDays(wallClock(now, w.tz).day, 1), '00:00', w.tz);
          if (midnight < validUntil) validUntil = midnight;
        }
      }
      const hold = holds.get(doctorId);
      if (hold && mine.length && hold < validUntil) validUntil = hold;
      out.set(doctorId, {
        firstFreeAt: found?.at ?? null,
        clinicId: found?.w.clinicId ?? null,
        tz: found?.w.tz ?? null,
        validUntil,
      });
    }
    return out;
  }

  /** Recomputes these rows; a row a write marked meanwhile keeps its mark. Returns rows written. */
  async function recompute(rows: DueRow[], now: Date): Promise<number> {
    let written = 0;
    for (const visitType of FIRST_FREE_VISIT_TYPES) {
      const mine = rows.filter((r) => r.visitType === visitType);
      for (let i = 0; i < mine.length; i += BATCH) {
        const batch = mine.slice(i, i + BATCH);
        const values = await compute(
          batch.map((r) => r.doctorId),
          visitType,
          now,
        );
        const list = batch.map((r) => {
          const value = values.get(r.doctorId);
          const until = value?.validUntil ?? INFINITY;
          return {
            ...r,
            at: value?.firstFreeAt?.toISOString() ?? null,
            clinicId: value?.clinicId ?? null,
            tz: value?.tz ?? null,
            validUntil: until >= INFINITY ? 'infinity' : until.toISOString(),
          };
        });
        written += await repo.write(visitType, list);
      }
    }
    return written;
  }

  return {
    compute,

    /** Recomputes up to `limit` rows whose time has come (stale, or past their `valid_until`). */
    async refreshDue(
      limit = LIST_REFRESH_LIMIT,
      now = clock.now(),
      visitType?: FirstFreeVisitType,
    ): Promise<number> {
      const rows = await repo.due(limit, now, visitType);
      return rows.length ? recompute(rows, now) : 0;
    },

    /** Recomputes every due row, in rounds, within a time budget. */
    async refreshAll(budgetMs = JOB_BUDGET_MS, now = clock.now()): Promise<number> {
      const started = performance.now();
      let total = 0;
      for (const visitType of FIRST_FREE_VISIT_TYPES) {
        for (;;) {
          const rows = await repo.due(1_000, now, visitType);
          if (!rows.length) break;
          const written = await recompute(rows, now);
          total += written;
          if (performance.now() - started > budgetMs) return total;
          // Every row of a short round lost its race with a write: the next run sees their new version.
          if (written === 0 && rows.length < 1_000) break;
        }
      }
      return total;
    },

    /** The valid first free times of these doctors for a visit type (a card's 'Ближайшая запись'). */
    of: (doctorIds: number[], visitType: FirstFreeVisitType, now = clock.now()) =>
      repo.validOf(doctorIds, visitType, now),
  };
}

/** The each-minute job: every due row recomputed (the day rolling over, notices and holds passing). */
export function createFirstFreeHandlers({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg: string): void };
}): Record<typeof FIRST_FREE_JOB, JobHandler> {
  const service = createFirstFreeService({ db, clock });
  return {
    async [FIRST_FREE_JOB]() {
      const written = await service.refreshAll();
      if (written) log.info({ written }, 'first free times refreshed');
    },
  };
}
