import { useId, useState } from 'react';
import { setFakeWarning } from '../../../../core/reviews/calls';
import { FAKE_WARNING_CHOICES, type FakeWarning } from '../../../../core/reviews/fake-warning';
import type { QueueItem } from '../../../../core/reviews/moderation-contracts';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';
import { callProblem } from '../call-problem';

const OFFLINE = 'Нет связи с сервером. Попробуйте ещё раз.';

/** The subject's fake-review banner ('review' or 'rating'), set from a review that revealed it. */
export function FakeWarningControl({
  subject,
  onDone,
}: {
  subject: QueueItem['subject'];
  onDone: (message: string) => void;
}) {
  const hydrated = useHydrated();
  const [value, setValue] = useState<FakeWarning | 'none'>(subject.fakeWarning ?? 'none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uid = useId();
  const changed = value !== (subject.fakeWarning ?? 'none');

  async function save() {
    setBusy(true);
    setError('');
    try {
      await api.send(setFakeWarning, {
        body: { kind: subject.kind, id: subject.id, warning: value === 'none' ? null : value },
      });
      onDone(
        value === 'none'
          ? `Предупреждение о накрутке снято: ${subject.name}`
          : `Предупреждение «${FAKE_WARNING_CHOICES.find((c) => c.value === value)?.title}» на странице: ${subject.name}`,
      );
    } catch (failure) {
      setError(callProblem(failure, OFFLINE).detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={`${uid}-fake`} className="text-ink-soft">
        Накрутка на странице:
      </label>
      <select
        id={`${uid}-fake`}
        value={value}
        onChange={(e) => setValue(e.target.value as typeof value)}
        className="rounded-lg border border-line bg-white px-2 py-1"
      >
        {FAKE_WARNING_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.title}
          </option>
        ))}
      </select>
      {changed && (
        <button
          type="button"
          disabled={!hydrated || busy}
          onClick={() => void save()}
          className="rounded-lg border border-line px-3 py-1 font-medium hover:border-brand hover:text-brand disabled:opacity-60"
        >
          Сохранить
        </button>
      )}
      {error && (
        <span role="alert" className="text-error">
          {error}
        </span>
      )}
    </div>
  );
}
