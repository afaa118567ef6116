import { useId, useState } from 'react';
import { DESK_TEXTS as T } from '../../../core/cabinet/desk';
import { cabinetAddBlock, cabinetRemoveBlock } from '../../../core/cabinet/desk-calls';
import type { Block, Blocks } from '../../../core/cabinet/desk-contracts';
import { localTime } from '../../../core/cabinet/reception';
import { formatDayShort, zonedDay } from '../../../core/dates/zoned';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

const whenOf = (b: Block) => {
  const from = zonedDay(new Date(b.starts_at), b.tz).date;
  const to = zonedDay(new Date(b.ends_at), b.tz).date;
  const start = `${formatDayShort(from)}, ${localTime(b.starts_at, b.tz)}`;
  return from === to
    ? `${start}–${localTime(b.ends_at, b.tz)}`
    : `${start} — ${formatDayShort(to)}, ${localTime(b.ends_at, b.tz)}`;
};

/**
 * 'Закрыть время' on the schedule page (a clinic's): a range of a doctor's time taken out of
 * every channel's free times, and the list of such ranges with 'Вернуть время'
 * (docs/product/front-desk.md). A range over booked visits is refused with them.
 */
export function BlocksEditor({ clinicId, initial }: { clinicId: number; initial: Blocks }) {
  const id = useId();
  const [blocks, setBlocks] = useState(initial.blocks);
  const [form, setForm] = useState({
    doctor: initial.doctors[0] ? String(initial.doctors[0].id) : '',
    from: '',
    to: '',
    reason: '',
  });
  const add = useCall(cabinetAddBlock);
  const set = (change: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...change }));
    add.reset();
  };

  async function submit() {
    const outcome = await add.run({
      body: {
        doctor_id: Number(form.doctor),
        lpu_id: clinicId,
        starts_at: form.from,
        ends_at: form.to,
        reason: form.reason,
      },
    });
    if (outcome.ok) {
      setBlocks((all) => [...all, outcome.reply].sort((a, b) => a.starts_at.localeCompare(b.starts_at)));
      setForm((f) => ({ ...f, from: '', to: '', reason: '' }));
    }
  }
  // A range over booked visits: the refusal names them.
  const booked = add.refusal?.visits;

  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.blockTitle}
      </h2>
      <Form call={add} onSubmit={submit} className="flex flex-col gap-3" aria-label={T.blockTitle}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={T.doctor} error={add.fieldErrors.doctor_id}>
            {(control) => (
              <select
                {...control}
                className={INPUT}
                value={form.doctor}
                onChange={(e) => set({ doctor: e.currentTarget.value })}
              >
                {initial.doctors.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={T.blockReason} hint={T.blockReasonHint} error={add.fieldErrors.reason}>
            {(control) => (
              <input
                {...control}
                className={INPUT}
                value={form.reason}
                onChange={(e) => set({ reason: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={T.blockFrom} error={add.fieldErrors.starts_at}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                className={INPUT}
                value={form.from}
                onChange={(e) => set({ from: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={T.blockTo} error={add.fieldErrors.ends_at}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                className={INPUT}
                value={form.to}
                onChange={(e) => set({ to: e.currentTarget.value })}
              />
            )}
          </Field>
        </div>
        <SaveRow call={add} save={T.blockButton} saved={T.blockAdded} />
        {booked && booked.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Записи в это время">
            {booked.map((v) => (
              <li key={v.id}>
                {formatDayShort(zonedDay(new Date(v.startsAt), v.tz).date)}, {localTime(v.startsAt, v.tz)} —{' '}
                {v.patientName}
              </li>
            ))}
          </ul>
        )}
      </Form>
      <h3 className="font-semibold">{T.blocks}</h3>
      {blocks.length === 0 ? (
        <p className="text-ink-soft">{T.noBlocks}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {blocks.map((b) => (
            <BlockRow
              key={b.id}
              block={b}
              onRemoved={() => setBlocks((all) => all.filter((x) => x.id !== b.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockRow({ block: b, onRemoved }: { block: Block; onRemoved: () => void }) {
  const remove = useCall(cabinetRemoveBlock);
  return (
    <li className="flex flex-wrap items-center gap-3" data-block-id={b.id}>
      <span className="tabular-nums">{whenOf(b)}</span>
      <span>{b.doctor.name}</span>
      <span className="text-ink-soft">{b.reason}</span>
      <Button
        variant="small"
        busy={remove.busy}
        onClick={async () => {
          if ((await remove.run({ params: { id: b.id } })).ok) onRemoved();
        }}
      >
        {T.unblock}
      </Button>
      <FormStatus call={remove} />
    </li>
  );
}
