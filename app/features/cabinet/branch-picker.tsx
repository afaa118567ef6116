import { useEffect, useId, useState } from 'react';
import {
  BRANCH_CHANNEL,
  branchLabel,
  type CabinetBranches,
  cabinetChooseBranch,
  BRANCH_TEXTS as T,
} from '../../../core/cabinet/branches';
import { Button } from '../../components/ui/button';
import { INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/**
 * The page again, for the branch the session runs now. The query is dropped: it names the old
 * branch's doctor or day view (`?doctor=`), which the new branch would refuse.
 */
function showCurrentBranch() {
  window.location.assign(window.location.pathname);
}

/**
 * 'Филиал' above a network account's cabinet pages: the branch the session runs (its name and
 * address) and a list of the network's branches with 'Перейти'. A switch is this browser's: the
 * page loads again for the new branch, and the account's other tabs here follow it (they would
 * otherwise show one branch and save into another).
 */
export function BranchPicker({ branches: initial }: { branches: CabinetBranches }) {
  const [chosen, setChosen] = useState(initial.current);
  const choose = useCall(cabinetChooseBranch);
  // Chosen, the page loads again: the picker stays busy until it goes.
  const busy = choose.busy || choose.done;
  const ids = { select: useId(), current: useId(), failure: useId() };
  const current = initial.branches.find((b) => b.id === initial.current);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(BRANCH_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ current?: unknown }>) => {
      if (event.data?.current !== initial.current) showCurrentBranch();
    };
    return () => channel.close();
  }, [initial.current]);

  async function go() {
    if (chosen === initial.current) return;
    const outcome = await choose.run({ body: { clinic_id: chosen } });
    if (!outcome.ok) return;
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(BRANCH_CHANNEL);
      channel.postMessage({ current: outcome.reply.current });
      channel.close();
    }
    showCurrentBranch();
  }

  return (
    <section
      aria-label={T.label}
      className="mb-4 rounded-lg border border-line bg-surface px-3 py-2.5 sm:px-4"
      data-testid="branch-picker"
    >
      {current && (
        <p id={ids.current} className="text-sm">
          <span className="text-ink-soft">{T.label}: </span>
          <span className="font-semibold" data-testid="current-branch-name">
            {current.name}
          </span>
          <span className="text-ink-soft" data-testid="current-branch-address">
            {' '}
            · {current.address}, {current.town}
          </span>
        </p>
      )}
      {initial.branches.length > 1 && (
        <Form call={choose} onSubmit={go} className="mt-2 flex min-w-0 flex-wrap items-center gap-2">
          <label htmlFor={ids.select} className="sr-only">
            {T.label}
          </label>
          <select
            id={ids.select}
            value={chosen}
            disabled={busy}
            onChange={(e) => setChosen(Number(e.target.value))}
            aria-describedby={choose.error ? ids.failure : ids.current}
            className={`${INPUT} min-w-0 flex-1 basis-52 text-sm`}
          >
            {initial.branches.map((b) => (
              <option key={b.id} value={b.id}>
                {branchLabel(b, initial.branches)}
              </option>
            ))}
          </select>
          <Button type="submit" busy={busy} disabled={chosen === initial.current} className="text-sm">
            {busy ? T.switching : T.go}
          </Button>
        </Form>
      )}
      {choose.error && (
        <p id={ids.failure} role="alert" className="mt-2 text-sm text-error">
          {choose.error}
        </p>
      )}
    </section>
  );
}
