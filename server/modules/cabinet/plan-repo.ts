import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { Db, DbTx } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinics } from '../../db/schema/clinics';
import { doctors } from '../../db/schema/doctors';

export type PlanKind = 'doctor' | 'clinic';
export type PlanRepo = ReturnType<typeof createPlanRepo>;

/** The audit's actions the plans write: a page's request, and staff's change of a version. */
export const PLAN_ACTIONS = { requested: 'plan.requested', set: 'plan.version_set' } as const;

const TARGET: Record<PlanKind, string> = { clinic: 'clinics', doctor: 'doctors' };

/**
 * A page's software version and the plans' records. Requests and changes are rows of the cabinet
 * audit (who, what, when, before and after): a request is `plan.requested` {version}, staff's
 * change `plan.version_set` {version} → {version}.
 */
export function createPlanRepo(db: Db) {
  const table = (kind: PlanKind) => (kind === 'clinic' ? clinics : doctors);

  return {
    /** The page's name, town and version; null when there is no such page. */
    async page(q: Db | DbTx, kind: PlanKind, id: number, lock = false) {
      const t = table(kind);
      const name =
        kind === 'clinic' ? clinics.name : sql<string>`${doctors.lastName} || ' ' || ${doctors.firstName}`;
      const query = q
        .select({ id: t.id, name, townId: t.townId, version: t.softwareVersion })
        .from(t)
        .where(eq(t.id, id))
        .limit(1);
      const [row] = await (lock ? query.for('update') : query);
      return row ?? null;
    },

    async setVersion(tx: DbTx, kind: PlanKind, id: number, version: SoftwareVersion | null) {
      const t = table(kind);
      await tx.update(t).set({ softwareVersion: version }).where(eq(t.id, id));
    },

    async audit(
      q: Db | DbTx,
      row: {
        userId: number;
        action: string;
        kind: PlanKind;
        id: number;
        before: unknown;
        after: unknown;
        at: Date;
      },
    ) {
      await q.insert(cabinetAudit).values({
        userId: row.userId,
        action: row.action,
        targetType: TARGET[row.kind],
        targetId: row.id,
        before: row.before,
        after: row.after,
        at: row.at,
      });
    },

    /** The page's latest request and the latest change of its version after it, if any. */
    async lastRequest(kind: PlanKind, id: number) {
      const [row] = await db
        .select({ after: cabinetAudit.after, at: cabinetAudit.at })
        .from(cabinetAudit)
        .where(
          and(
            eq(cabinetAudit.targetType, TARGET[kind]),
            eq(cabinetAudit.targetId, id),
            eq(cabinetAudit.action, PLAN_ACTIONS.requested),
          ),
        )
        .orderBy(desc(cabinetAudit.at), desc(cabinetAudit.id))
        .limit(1);
      return row ? { version: (row.after as { version: SoftwareVersion }).version, at: row.at } : null;
    },

    /** Whether staff changed the page's version after this moment. */
    async setSince(kind: PlanKind, id: number, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: cabinetAudit.id })
        .from(cabinetAudit)
        .where(
          and(
            eq(cabinetAudit.targetType, TARGET[kind]),
            eq(cabinetAudit.targetId, id),
            eq(cabinetAudit.action, PLAN_ACTIONS.set),
            sql`${cabinetAudit.at} >= ${since.toISOString()}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The latest requests, newest first. */
    requests: (limit: number) =>
      db
        .select({
          targetType: cabinetAudit.targetType,
          targetId: cabinetAudit.targetId,
          after: cabinetAudit.after,
          at: cabinetAudit.at,
        })
        .from(cabinetAudit)
        .where(
          and(
            eq(cabinetAudit.action, PLAN_ACTIONS.requested),
            inArray(cabinetAudit.targetType, ['clinics', 'doctors']),
          ),
        )
        .orderBy(desc(cabinetAudit.at), desc(cabinetAudit.id))
        .limit(limit),
  };
}
