import { useId, useState } from 'react';
import { birthDateOfMask, maskBirthDate, maskOfBirthDate } from '../../../core/booking/form';
import { formatLongDate } from '../../../core/dates/zoned';
import { fieldErrors } from '../../../core/http/contracts';
import { relativeAdd, relativeEdit, relativeRemove } from '../../../core/profile/calls';
import { type Relative, relativeSchema } from '../../../core/profile/contracts';
import { ageOn, RELATION_LABELS, RELATIONS, type Relation } from '../../../core/profile/rules';
import { plural } from '../../../core/text/plural';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

interface Draft {
  last_name: string;
  first_name: string;
  patronymic: string;
  /** As typed: 'дд.мм.гггг'. */
  birth_date: string;
  relation: Relation | '';
}

const EMPTY: Draft = { last_name: '', first_name: '', patronymic: '', birth_date: '', relation: '' };

const draftOf = (r: Relative): Draft => ({
  last_name: r.last_name,
  first_name: r.first_name,
  patronymic: r.patronymic,
  birth_date: maskOfBirthDate(r.birth_date),
  relation: r.relation,
});

const fullName = (r: Pick<Relative, 'last_name' | 'first_name' | 'patronymic'>) =>
  [r.last_name, r.first_name, r.patronymic].filter(Boolean).join(' ');

/**
 * 'Близкие' in the profile: the people the patient books for. Each has a name, a birth date and
 * who they are ('Ребёнок', 'Родитель'…); the booking form offers them under 'Кого записываете'.
 */
export function RelativesEditor({ initial, today }: { initial: Relative[]; today: string }) {
  const [list, setList] = useState(initial);
  // null: no form open; 'new': adding; a number: editing that relative.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const remove = useCall(relativeRemove);
  const headingId = useId();

  async function removeOne(r: Relative) {
    if (!window.confirm(`Удалить ${fullName(r)} из близких? Прошлые записи останутся.`)) return;
    const outcome = await remove.run({ params: { id: r.id } });
    if (outcome.ok) {
      setList((l) => l.filter((x) => x.id !== r.id));
      setRemoved(`${fullName(r)} больше нет среди близких`);
    }
  }

  return (
    <section aria-labelledby={headingId} className="card mt-6 p-4 sm:p-5" data-testid="relatives">
      <h2 id={headingId} className="text-lg font-semibold">
        Близкие
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Дети, родители и другие люди, которых вы записываете к врачу. При записи их не нужно вводить заново.
      </p>
      <FormStatus call={remove} className="mt-2 text-sm" />
      {removed && (
        <p role="status" className="mt-2 text-sm text-success">
          {removed}
        </p>
      )}
      {list.length === 0 && editing !== 'new' && <p className="mt-3 text-ink-soft">Пока никого нет.</p>}
      <ul className="mt-3 flex flex-col gap-2">
        {list.map((r) =>
          editing === r.id ? (
            <li key={r.id}>
              <RelativeForm
                today={today}
                relative={r}
                onSaved={(saved) => {
                  setList((l) => l.map((x) => (x.id === saved.id ? saved : x)));
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li
              key={r.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line p-3"
              data-testid="relative"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">{fullName(r)}</p>
                <p className="text-sm text-ink-soft">
                  {RELATION_LABELS[r.relation]} · {formatLongDate(`${r.birth_date}T12:00:00Z`, 'UTC')} ·{' '}
                  {plural(ageOn(r.birth_date, today), ['год', 'года', 'лет'])}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="small"
                  aria-label={`Изменить: ${fullName(r)}`}
                  onClick={() => {
                    setRemoved(null);
                    setEditing(r.id);
                  }}
                >
                  Изменить
                </Button>
                <Button
                  variant="small"
                  busy={remove.busy}
                  aria-label={`Удалить: ${fullName(r)}`}
                  onClick={() => void removeOne(r)}
                >
                  Удалить
                </Button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <div className="mt-3">
          <RelativeForm
            today={today}
            relative={null}
            onSaved={(saved) => {
              setList((l) => [...l, saved]);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        </div>
      ) : (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setRemoved(null);
            setEditing('new');
          }}
        >
          Добавить близкого
        </Button>
      )}
    </section>
  );
}

/** Adding or editing one relative: the shared schema checks it before the call, the server again. */
function RelativeForm({
  today,
  relative,
  onSaved,
  onCancel,
}: {
  today: string;
  relative: Relative | null;
  onSaved: (saved: Relative) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(relative ? draftOf(relative) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useCall(relativeAdd);
  const edit = useCall(relativeEdit);
  const call = relative ? edit : add;
  const formId = useId();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit() {
    const body = { ...draft, birth_date: birthDateOfMask(draft.birth_date) };
    const parsed = relativeSchema(today).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const sent = body as typeof body & { relation: Relation };
    const outcome = relative
      ? await edit.run({ params: { id: relative.id }, body: sent })
      : await add.run({ body: sent });
    if (outcome.ok) onSaved(outcome.reply);
    else if (outcome.refusal?.errors) setErrors(outcome.refusal.errors);
  }

  const field = (key: 'last_name' | 'first_name' | 'patronymic', label: string, autoComplete: string) => (
    <Field label={label} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          name={key}
          type="text"
          autoComplete={autoComplete}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          className={`${INPUT} text-base`}
        />
      )}
    </Field>
  );

  return (
    <Form
      id={formId}
      call={call}
      onSubmit={() => void submit()}
      className="flex flex-col gap-4 rounded-lg border border-brand/40 bg-brand-soft/40 p-4"
      aria-label={relative ? `Изменить: ${fullName(relative)}` : 'Новый близкий'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field('last_name', 'Фамилия', 'off')}
        {field('first_name', 'Имя', 'off')}
        {field('patronymic', 'Отчество (если есть)', 'off')}
        <Field label="Дата рождения" error={errors.birth_date}>
          {(control) => (
            <input
              {...control}
              name="birth_date"
              type="text"
              inputMode="numeric"
              placeholder="дд.мм.гггг"
              autoComplete="off"
              value={draft.birth_date}
              onChange={(e) => set('birth_date', maskBirthDate(e.target.value))}
              className={`${INPUT} text-base`}
            />
          )}
        </Field>
      </div>
      <fieldset
        aria-invalid={errors.relation ? true : undefined}
        aria-describedby={errors.relation ? `${formId}-rel` : undefined}
      >
        <legend className="text-sm font-medium">Кем приходится</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {RELATIONS.map((r) => (
            <label
              key={r}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
            >
              <input
                type="radio"
                name={`${formId}-relation`}
                value={r}
                checked={draft.relation === r}
                onChange={() => set('relation', r)}
                className="size-4 accent-brand"
              />
              {RELATION_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.relation && (
          <p id={`${formId}-rel`} className="mt-1 text-sm text-error">
            {errors.relation}
          </p>
        )}
      </fieldset>
      <FormStatus call={call} className="text-sm" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={call.busy}>
          {relative ? 'Сохранить' : 'Добавить'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </Form>
  );
}
