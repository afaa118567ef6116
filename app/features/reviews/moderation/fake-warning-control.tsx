import { useId, useState } from 'react';
import { setFakeWarning } from '../../../../core/reviews/calls';
import { FAKE_WARNING_CHOICES, type FakeWarning } from '../../../../core/reviews/fake-warning';
import type { QueueItem } from '../../../../core/reviews/moderation-contracts';
import { Button } from '../../../components/ui/button';
import { useCall } from '../../../lib/use-call';

/** The subject's fake-review banner ('review' or 'rating'), set from a review that revealed it. */
export function FakeWarningControl({
  subject,
  onDone,
}: {
  subject: QueueItem['subject'];
  onDone: (message: string) => void;
}) {
  const [value, setValue] = useState<FakeWarning | 'none'>(subject.fakeWarning ?? 'none');
  const save = useCall(setFakeWarning);
  const uid = useId();
  const changed = value !== (subject.fakeWarning ?? 'none');

  async function submit() {
    const outcome = await save.run({
      body: { kind: subject.kind, id: subject.id, warning: value === 'none' ? null : value },
    });
    if (!outcome.ok) return;
    onDone(
      value === 'none'
        ? `Предупреждение о накрутке снято: ${subject.name}`
        : `Предупреждение «${FAKE_WARNING_CHOICES.find((c) => c.value === value)?.title}» на странице: ${subject.name}`,
    );
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
        <Button variant="small" busy={save.busy} onClick={() => void submit()} className="font-medium">
          Сохранить
        </Button>
      )}
      {save.error && (
        <span role="alert" className="text-error">
          {save.error}
        </span>
      )}
    </div>
  );
}
