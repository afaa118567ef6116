import { Outlet } from 'react-router';
import { BranchPicker } from '../features/cabinet/branch-picker';
import { pageContextOf } from '../lib/services.server';
import type { Route } from './+types/cabinet-frame';

/**
 * The frame of every `/cabinet/…` page: for a clinic network's account, the branch its session
 * runs and the picker to run another ('Филиал', docs/product/cabinet.md). The pages inside read
 * the same session, so they show that branch; the address carries no branch, the session does.
 */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const { viewer } = context;
  if (!viewer.isLpu || !viewer.networkId) return { branches: null };
  return { branches: await context.services.branches.list(viewer) };
}

export default function CabinetFrame({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      {d.branches && <BranchPicker key={d.branches.current} branches={d.branches} />}
      <Outlet />
    </>
  );
}
