import {
  higherVersions,
  nextLevel,
  PLAN_TEXTS,
  type Plan,
  type PlanRequestBody,
  type StaffPlanRequests,
  type StaffSetVersionBody,
  type StaffSetVersionReply,
} from '../../../core/cabinet/plan';
import { pageTags } from '../../../core/cache/page-tags';
import {
  SOFTWARE_VERSION_LABELS,
  SOFTWARE_VERSIONS,
  type SoftwareVersion,
  softwareBenefits,
} from '../../../core/directory/software-version';
import type { PageCache } from '../../cache/page-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import { roleOf } from './permissions';
import { createPlanRepo, PLAN_ACTIONS, type PlanKind } from './plan-repo';

export type PlanService = ReturnType<typeof createPlanService>;

/** Requests staff see at once. */
const STAFF_REQUESTS = 100;

const rank = (v: SoftwareVersion | null) => (v === null ? -1 : SOFTWARE_VERSIONS.indexOf(v));

/**
 * The plans (docs/product/cabinet.md, 'Тарифы'): a clinic's or doctor's page reads its software
 * version and what the next adds, and asks staff for a higher one; staff list the requests and
 * set a page's version, audited, and the page's cached HTML goes at once (the public page, its
 * promotions and ads follow `softwareRights`).
 */
export function createPlanService({ db, clock, pageCache }: { db: Db; clock: Clock; pageCache: PageCache }) {
  const repo = createPlanRepo(db);

  /** The page the cabinet viewer runs: his own (a doctor), the session's clinic (a clinic login). */
  function pageOf(viewer: SessionViewer): { kind: PlanKind; id: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(PLAN_TEXTS.signIn);
    if (viewer.role === 'doctor' && viewer.doctorId !== null)
      return { kind: 'doctor', id: viewer.doctorId, userId: viewer.userId };
    if (viewer.role === 'clinic' && viewer.clinicId !== null && roleOf(viewer) !== null)
      return { kind: 'clinic', id: viewer.clinicId, userId: viewer.userId };
    throw forbidden(PLAN_TEXTS.signIn);
  }

  function requireStaff(viewer: SessionViewer): number {
    if (viewer.userId === null) throw unauthorized(PLAN_TEXTS.staffOnly);
    if (!viewer.isStaff) throw forbidden(PLAN_TEXTS.staffOnly);
    return viewer.userId;
  }

  async function planOf(kind: PlanKind, id: number): Promise<Plan> {
    const page = await repo.page(db, kind, id);
    if (!page) throw notFound(kind === 'clinic' ? PLAN_TEXTS.notFoundClinic : PLAN_TEXTS.notFoundDoctor);
    const version = page.version;
    const last = await repo.lastRequest(kind, id);
    const open = last && rank(last.version) > rank(version) && !(await repo.setSince(kind, id, last.at));
    return {
      page: kind,
      name: page.name,
      version,
      label: version ? SOFTWARE_VERSION_LABELS[version] : PLAN_TEXTS.none,
      benefits: softwareBenefits(version ?? 'LIGHT', kind),
      next: nextLevel(version, kind),
      higher: higherVersions(version),
      requested: open ? { version: last.version, at: last.at.toISOString() } : null,
    };
  }

  return {
    async plan(viewer: SessionViewer): Promise<Plan> {
      const { kind, id } = pageOf(viewer);
      return planOf(kind, id);
    },

    /** Asks for a higher level (a clinic's administrator, a doctor for himself); audited. */
    async request(viewer: SessionViewer, body: PlanRequestBody): Promise<Plan> {
      const { kind, id, userId } = pageOf(viewer);
      if (kind === 'clinic' && roleOf(viewer) !== 'administrator') throw forbidden(PLAN_TEXTS.adminOnly);
      const page = await repo.page(db, kind, id);
      if (!page) throw notFound(kind === 'clinic' ? PLAN_TEXTS.notFoundClinic : PLAN_TEXTS.notFoundDoctor);
      if (rank(body.version) <= rank(page.version)) throw badRequest(PLAN_TEXTS.notHigher);
      await repo.audit(db, {
        userId,
        action: PLAN_ACTIONS.requested,
        kind,
        id,
        before: { version: page.version },
        after: { version: body.version },
        at: clock.now(),
      });
      return planOf(kind, id);
    },

    /** Staff: the latest requests with each page's version now. */
    async requests(viewer: SessionViewer): Promise<StaffPlanRequests> {
      requireStaff(viewer);
      const rows = await repo.requests(STAFF_REQUESTS);
      const items: StaffPlanRequests['items'] = [];
      for (const r of rows) {
        const kind: PlanKind = r.targetType === 'clinics' ? 'clinic' : 'doctor';
        const page = await repo.page(db, kind, r.targetId);
        if (!page) continue;
        const requested = (r.after as { version: SoftwareVersion }).version;
        items.push({
          kind,
          id: r.targetId,
          name: page.name,
          current: page.version,
          requested,
          at: r.at.toISOString(),
          done: rank(page.version) >= rank(requested),
        });
      }
      return { items };
    },

    /** Staff set a page's version: audited (before and after), the page's cached HTML dropped. */
    async setVersion(viewer: SessionViewer, body: StaffSetVersionBody): Promise<StaffSetVersionReply> {
      const userId = requireStaff(viewer);
      const { kind, id, version } = body;
      const townId = await db.transaction(async (tx) => {
        const page = await repo.page(tx, kind, id, true);
        if (!page) throw notFound(kind === 'clinic' ? PLAN_TEXTS.notFoundClinic : PLAN_TEXTS.notFoundDoctor);
        await repo.setVersion(tx, kind, id, version);
        await repo.audit(tx, {
          userId,
          action: PLAN_ACTIONS.set,
          kind,
          id,
          before: { version: page.version },
          after: { version },
          at: clock.now(),
        });
        return page.townId;
      });
      // The badge, promotions, ads and contacts the page shows change with it; lists show the badge.
      pageCache.invalidate([
        kind === 'clinic' ? pageTags.clinic(id) : pageTags.doctor(id),
        pageTags.townLists(townId),
      ]);
      return { kind, id, version };
    },
  };
}
