import { useRef, useState } from 'react';
import { covidRules } from '../../../core/clinic/calls';
import { Modal, ModalClose } from '../../components/ui/modal';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * 'Правила посещения': the button fetches the clinic's rules and shows them in a dialog. A
 * failure is only logged: the dialog just stays shut.
 */
export function CovidRules({ lpuId }: { lpuId: number }) {
  const [rules, setRules] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const hydrated = useHydrated();
  const cached = useRef<string[] | null>(null);

  async function show() {
    if (loading) return;
    if (cached.current) {
      setRules(cached.current);
      return setOpen(true);
    }
    setLoading(true);
    try {
      const list = await api.send(covidRules, { params: { id: lpuId } });
      if (!list.length) return;
      cached.current = list;
      setRules(cached.current);
      setOpen(true);
    } catch (error) {
      console.warn(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="card p-5 text-sm" aria-labelledby="covid-h">
      <h2 id="covid-h" className="text-lg font-semibold">
        Правила посещения
      </h2>
      <p className="mt-1 text-ink-soft">Что нужно знать перед визитом в клинику.</p>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-busy={loading}
        // Not `disabled` while the rules load: a disabled button drops the focus to the page, and
        // the dialog would then give it back to the page, not to this button, when it closes.
        // Before the page hydrates nothing has the focus yet, and a click would do nothing: it is
        // `disabled` then (and without `aria-disabled`, which HTML forbids beside it).
        aria-disabled={hydrated ? loading : undefined}
        disabled={!hydrated}
        onClick={show}
        className="mt-3 rounded-lg border border-brand px-4 py-2 font-medium text-brand hover:bg-brand-soft aria-disabled:opacity-60"
      >
        {loading ? 'Загрузка...' : 'Посмотреть правила'}
      </button>
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
