import type { FastifyInstance } from 'fastify';
import { BranchChoiceBodySchema, CabinetBranchesSchema } from '../../../core/cabinet/branch-contracts';
import { BRANCH_TEXTS, cabinetBranches, cabinetChooseBranch } from '../../../core/cabinet/branches';
import { serve } from '../../http/route';
import type { CabinetBranchesService } from './branches';

/** A network account's branches and the switch between them (docs/product/cabinet.md). */
export async function cabinetBranchesRoutes(
  app: FastifyInstance,
  { branches }: { branches: CabinetBranchesService },
) {
  serve(app, cabinetBranches, { reply: CabinetBranchesSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return branches.list(await request.viewer());
  });

  serve(
    app,
    cabinetChooseBranch,
    {
      body: BranchChoiceBodySchema,
      reply: CabinetBranchesSchema,
      invalid: { body: { detail: BRANCH_TEXTS.choose } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return branches.choose(await request.viewer(), request, request.body.clinic_id);
    },
  );
}
