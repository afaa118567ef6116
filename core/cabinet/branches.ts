import { defineCall } from '../http/call';
import type { BranchChoiceBody, CabinetBranch, CabinetBranches } from './branch-contracts';

export type { BranchChoiceBody, CabinetBranch, CabinetBranches };

/**
 * A clinic network's account runs each of its branches, one at a time (docs/product/cabinet.md,
 * 'Branches of a network'): the session keeps the branch chosen, and every cabinet call and page
 * acts for it. A branch's own account (no network) never switches.
 */
export const BRANCH_TEXTS = {
  label: 'Филиал',
  go: 'Перейти',
  switching: 'Переходим…',
  signIn: 'Войдите как клиника, чтобы выбрать филиал',
  networkOnly: 'Филиал выбирает только аккаунт сети клиник',
  notOurs: 'Это не филиал вашей сети',
  choose: 'Выберите филиал',
  otherTab: 'Филиал сменили в другой вкладке: показываем его',
} as const;

/** The account's branches and the one its session runs (a network account only: else 403). */
export const cabinetBranches = defineCall<{ reply: CabinetBranches }>()('GET', '/cabinet/ajax/branches/');

/** Runs another branch of the network from now on (this browser's session; idempotent). */
export const cabinetChooseBranch = defineCall<{ body: BranchChoiceBody; reply: CabinetBranches }>()(
  'PUT',
  '/cabinet/ajax/branches/current/',
);

/** The browsers' channel a switch is told on, so the account's other tabs show the new branch. */
export const BRANCH_CHANNEL = 'cabinet-branch';

/**
 * How a branch reads in the picker: its address, led by its name when the network's branches
 * are not all named alike, and followed by its town when they are in more than one.
 *
 *   ('Медицинский центр «Здоровье»', 'ул. Ленина, 5', 'Москва') among same-named Moscow branches
 *   → 'ул. Ленина, 5'; among branches in Москва and Казань → 'ул. Ленина, 5, Москва'.
 */
export function branchLabel(branch: CabinetBranch, all: readonly CabinetBranch[]): string {
  const names = new Set(all.map((b) => b.name));
  const towns = new Set(all.map((b) => b.town));
  const place = towns.size > 1 ? `${branch.address}, ${branch.town}` : branch.address;
  return names.size > 1 ? `${branch.name} — ${place}` : place;
}
