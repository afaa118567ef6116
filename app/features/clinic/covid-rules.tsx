import { useRef, useState } from 'react';
import { covidRules } from '../../../core/clinic/calls';
import { Button } from '../../components/ui/button';
import { Modal, ModalClose } from '../../components/ui/modal';
import { useCall } from '../../lib/use-call';

/**
 * 'Правила посещения': the button fetches the clinic's rules and shows them in a dialog. A
 * failure is only logged: the dialog just stays shut.
 */
export function CovidRules({ lpuId }: { lpuId: number }) {
  const [rules, setRules] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const load = useCall(covidRules);
  const cached = useRef<string[] | null>(null);

  async function show() {
    if (cached.current) {
      setRules(cached.current);
      return setOpen(true);
    }
    const outcome = await load.run({ params: { id: lpuId } });
    if (!outcome.ok || !outcome.reply.length) return;
    cached.current = outcome.reply;
    setRules(cached.current);
    setOpen(true);
  }

  return (
    <section className="card p-5 text-sm" aria-labelledby="covid-h">
      <h2 id="covid-h" className="text-lg font-semibold">
        Правила посещения
      </h2>
      <p className="mt-1 text-ink-soft">Что нужно знать перед визитом в клинику.</p>
      {/* Not `busy` (which disables) while the rules load: a disabled button drops the focus to
          the page, and the dialog would then give it back to the page, not to this button, when
          it closes. Before the page hydrates Button disables it (no `aria-disabled` beside that,
          which HTML forbids: `loading` is false then). A press while loading is ignored by useCall. */}
      <Button
        variant="bare"
        aria-haspopup="dialog"
        aria-busy={load.busy}
        aria-disabled={load.busy || undefined}
        onClick={() => void show()}
        className="mt-3 rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft disabled:opacity-50 aria-disabled:opacity-60"
      >
        {load.busy ? 'Загрузка...' : 'Посмотреть правила'}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Правила посещения"
        mobile="sheet"
        footer={
          <ModalClose asChild>
            <button
              type="button"
              className="w-full rounded-lg bg-brand px-5 py-3 font-medium text-white sm:w-auto"
            >
              Понятно
            </button>
          </ModalClose>
        }
      >
        <ul className="list-disc space-y-2 pl-5 text-ink-soft">
          {rules?.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
