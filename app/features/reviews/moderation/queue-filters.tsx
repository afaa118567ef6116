import { useState } from 'react';
import { Form } from 'react-router';
import { bulkModerateReviews } from '../../../../core/reviews/calls';
import { BULK_ERRORS, type QueueStatus } from '../../../../core/reviews/moderation-contracts';
import { plural, WORDS } from '../../../../core/text/plural';
import { Button } from '../../../components/ui/button';
import { Field, INPUT } from '../../../components/ui/field';
import { Form as CallForm, FormStatus } from '../../../components/ui/form';
import { useCall } from '../../../lib/use-call';

/** The queue's filters as the address carries them (core/reviews/moderation-contracts.ts). */
export const QUEUE_FILTERS = ['town', 'clinic', 'doctor', 'tone', 'from', 'to', 'documents'] as const;
export type QueueFilterValues = Partial<Record<(typeof QUEUE_FILTERS)[number], string>>;

const SMALL_INPUT = `${INPUT} text-sm`;

/**
 * The queue's filters — town, clinic and doctor (by number, as the pages' addresses show them),
 * tone, the days written (Moscow) and 'С документами' — a GET form over the current state and
 * search; 'Сбросить' keeps only those.
 */
export function QueueFilters({
  status,
  q,
  values,
  matching,
}: {
  status: QueueStatus;
  q: string;
  values: QueueFilterValues;
  matching: number;
}) {
  const ids = [
    ['town', 'Город №'],
    ['clinic', 'Клиника №'],
    ['doctor', 'Врач №'],
  ] as const;
  const reset = new URLSearchParams({ status });
  if (q) reset.set('q', q);
  return (
    <Form
      method="get"
      aria-label="Фильтры очереди"
      className="card mt-3 flex flex-wrap items-end gap-3 p-3 text-sm"
    >
      <input type="hidden" name="status" value={status} />
      {q && <input type="hidden" name="q" value={q} />}
      {ids.map(([name, label]) => (
        <label key={name} className="flex w-28 flex-col gap-1">
          {label}
          <input
            name={name}
            inputMode="numeric"
            pattern="\d*"
            defaultValue={values[name] ?? ''}
            className={SMALL_INPUT}
          />
        </label>
      ))}
      <label className="flex flex-col gap-1">
        Тон
        <select name="tone" defaultValue={values.tone ?? ''} className={SMALL_INPUT}>
          <option value="">Любой</option>
          <option value="positive">Положительные</option>
          <option value="neutral">Нейтральные</option>
          <option value="negative">Отрицательные</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        С даты
        <input type="date" name="from" defaultValue={values.from ?? ''} className={SMALL_INPUT} />
      </label>
      <label className="flex flex-col gap-1">
        По дату
        <input type="date" name="to" defaultValue={values.to ?? ''} className={SMALL_INPUT} />
      </label>
      <label className="flex items-center gap-2 py-2">
        <input type="checkbox" name="documents" value="1" defaultChecked={values.documents === '1'} />С
        документами
      </label>
      <Button type="submit" variant="secondary">
        Показать
      </Button>
      <a href={`?${reset}`} className="py-2 text-brand hover:underline">
        Сбросить
      </a>
      <p className="w-full text-ink-soft" role="status">
        Подходит: {plural(matching, WORDS.review)}
      </p>
    </Form>
  );
}

/**
 * The bulk decision over the reviews ticked in the queue: publish or reject (delete) them all,
 * with the reason each one's history keeps; the server applies all or none.
 */
export function BulkModeration({
  selected,
  onDone,
}: {
  selected: number[];
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const bulk = useCall(bulkModerateReviews);

  async function run(action: 'publish' | 'delete') {
    setMissing(!reason.trim());
    if (!reason.trim()) return bulk.reset();
    const outcome = await bulk.run({ body: { ids: selected, action, reason } });
    if (!outcome.ok) return;
    setReason('');
    onDone(
      `${action === 'publish' ? 'Опубликовано' : 'Отклонено'}: ${plural(outcome.reply.items.length, WORDS.review)}`,
    );
  }

  if (selected.length === 0) return null;
  return (
    <section aria-label="Выбранные отзывы" className="card sticky top-2 z-10 mt-3 p-3 text-sm">
      <CallForm call={bulk} onSubmit={() => void run('publish')} className="flex flex-col gap-2">
        <p className="font-medium">Выбрано: {plural(selected.length, WORDS.review)}</p>
        <Field label="Причина решения" error={missing ? BULK_ERRORS.reason : bulk.fieldErrors.reason}>
          {(control) => (
            <input
              {...control}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              className={INPUT}
            />
          )}
        </Field>
        <FormStatus call={bulk} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={bulk.busy}>
            Опубликовать выбранные
          </Button>
          <Button variant="danger" busy={bulk.busy} onClick={() => void run('delete')}>
            Отклонить выбранные
          </Button>
        </div>
      </CallForm>
    </section>
  );
}
