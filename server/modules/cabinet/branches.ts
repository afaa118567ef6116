import type { FastifyRequest } from 'fastify';
import { BRANCH_TEXTS, type CabinetBranches } from '../../../core/cabinet/branches';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../../http/errors';
import { type EventBus, TOPICS } from '../../realtime/bus';
import type { SessionService } from '../auth/sessions';
import type { SessionViewer } from '../auth/viewer';
import { createBranchesRepo } from './branches-repo';
import { createCabinetRepo } from './repo';

export type CabinetBranchesService = ReturnType<typeof createCabinetBranches>;

/**
 * A clinic network's account runs each branch of its network, one at a time
 * (docs/product/cabinet.md, 'Branches of a network'). The branch lives in this browser's
 * session: the session's read resolves `viewer.clinicId` to it while it is still a branch of
 * the account's network, so every other cabinet call acts for it unchanged.
 */
export function createCabinetBranches({
  db,
  clock,
  sessions,
  bus,
}: {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionService, 'actAs'>;
  /** Tells the account's open live lists to reconnect for the new branch. */
  bus: EventBus;
}) {
  const repo = createBranchesRepo(db);
  const { audit } = createCabinetRepo(db);

  /** A network account's ids, or 401 anonymous and 403 for anyone else (a branch's own account too). */
  function networkAccount(viewer: SessionViewer) {
    if (viewer.userId === null) throw unauthorized(BRANCH_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null || !viewer.networkId)
      throw forbidden(BRANCH_TEXTS.networkOnly);
    return { userId: viewer.userId, clinicId: viewer.clinicId };
  }

  return {
    /** The account's branches and the one this session runs. */
    async list(viewer: SessionViewer): Promise<CabinetBranches> {
      const { userId, clinicId } = networkAccount(viewer);
      return { current: clinicId, branches: await repo.branches(userId) };
    },

    /**
     * Runs `clinicId` from now on: 403 unless it is one of the account's branches, and then the
     * session is left as it was. Choosing the branch already run changes nothing and writes no
     * audit line; a switch is audited ('branch.switched', the branch before and after).
     */
    async choose(viewer: SessionViewer, request: FastifyRequest, clinicId: number): Promise<CabinetBranches> {
      const { userId, clinicId: before } = networkAccount(viewer);
      const branches = await repo.branches(userId);
      if (!branches.some((b) => b.id === clinicId)) throw forbidden(BRANCH_TEXTS.notOurs);
      await db.transaction(async (tx) => {
        await sessions.actAs(request, clinicId, tx);
        if (clinicId === before) return;
        await audit(tx, {
          userId,
          action: 'branch.switched',
          targetType: 'clinics',
          targetId: clinicId,
          before: { clinicId: before },
          after: { clinicId },
          at: clock.now(),
        });
      });
      if (clinicId !== before) await bus.publish(TOPICS.branchSwitched(userId), { change: 'branch' });
      return { current: clinicId, branches };
    },
  };
}
