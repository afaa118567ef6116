import { z } from 'zod';
import { MAX_ID } from '../http/contracts';
import { BRANCH_TEXTS } from './branches';

/**
 * A network account's branches in the cabinet (core/cabinet/branches.ts): the reply in the
 * camelCase of the cabinet's replies, the body in the snake_case of its bodies.
 */

/** One branch of the account's network as the picker shows it. */
export const CabinetBranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'ул. Ленина, 5'. */
  address: z.string(),
  /** The branch's town, 'Москва'. */
  town: z.string(),
});
export type CabinetBranch = z.infer<typeof CabinetBranchSchema>;

/** The network account's branches and the one this session runs now (`current`, a listed id). */
export const CabinetBranchesSchema = z.object({
  current: z.number().int(),
  branches: z.array(CabinetBranchSchema),
});
export type CabinetBranches = z.infer<typeof CabinetBranchesSchema>;

/** The branch to run from now on: a clinic's id as a JSON number (a string or `true` is refused). */
export const BranchChoiceBodySchema = z.object({
  clinic_id: z
    .number({ error: BRANCH_TEXTS.choose })
    .int(BRANCH_TEXTS.choose)
    .positive(BRANCH_TEXTS.choose)
    .max(MAX_ID, BRANCH_TEXTS.choose),
});
export type BranchChoiceBody = z.infer<typeof BranchChoiceBodySchema>;
