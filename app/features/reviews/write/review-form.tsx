import { useId, useRef, useState } from 'react';
import { createReview } from '../../../../core/reviews/calls';
import type { ReviewFormContext } from '../../../../core/reviews/contracts';
import {
  MAX_REVIEW_DOCUMENTS,
  monthTitle,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '../../../../core/reviews/write';
import { plural, WORDS } from '../../../../core/text/plural';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';
import { callProblem } from '../call-problem';

export type ReviewFormProps = Pick<ReviewFormContext, 'kind' | 'id' | 'url' | 'criteria' | 'tags' | 'months'>;

const OFFLINE = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.';

type Errors = Record<string, string>;

const STAR_TITLES = ['Ужасно', 'Плохо', 'Нормально', 'Хорошо', 'Отлично'];

/** One criterion: five stars as a radio group (arrows move, Space picks), plus 'Не оценивать'. */
function StarField({
  index,
  label,
  value,
  onChange,
}: {
  index: number;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const name = `stars-${index}`;
  return (
    <fieldset className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <legend className="float-left font-medium">{label}</legend>
      <span className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative cursor-pointer text-2xl leading-none" title={STAR_TITLES[n - 1]}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${
                value !== null && n <= value ? 'text-star' : 'text-line'
              }`}
            >
              ★
            </span>
            <span className="sr-only">
              {n} из 5 — {STAR_TITLES[n - 1]}
            </span>
          </label>
        ))}
        <label className="ml-2 cursor-pointer text-sm text-ink-soft">
          <input
            type="radio"
            name={name}
            value=""
            checked={value === null}
            onChange={() => onChange(null)}
            className="mr-1 align-middle"
          />
          Не оценивать
        </label>
      </span>
    </fieldset>
  );
}

/**
 * The review form (docs/product/reviews.md): stars per criterion, the month of the visit, the text with
 * its minimum, tags, anonymity, documents for moderators. Posts multipart to the review call;
 * the server's per-field errors show under their fields, the first one focused.
 */
export function ReviewForm(props: ReviewFormProps) {
  const hydrated = useHydrated();
  const [stars, setStars] = useState<(number | null)[]>(props.criteria.map(() => null));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const form = useRef<HTMLFormElement>(null);
  const uid = useId();
  const errorId = (field: string) => `${uid}-${field}-error`;
  const length = text.trim().length;

  function validate(): Errors {
    const out: Errors = {};
    if (stars.every((s) => s === null)) out.stars = 'Поставьте хотя бы одну оценку';
    if (length < REVIEW_TEXT_MIN)
      out.text = `Расскажите подробнее: ещё ${plural(REVIEW_TEXT_MIN - length, WORDS.symbol)} (не меньше ${REVIEW_TEXT_MIN})`;
    return out;
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (!first) return;
    const target = form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    target?.focus();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = validate();
    if (Object.keys(local).length) return showErrors(local);
    const data = new FormData(event.currentTarget);
    for (let i = 0; i < props.criteria.length; i++) data.delete(`stars-${i}`);
    for (const s of stars) data.append('stars', s === null ? '' : String(s));
    data.set(props.kind === 'doctor' ? 'doctor_id' : 'lpu_id', String(props.id));
    setState('sending');
    try {
      await api.send(createReview, { body: data });
      setState('sent');
      window.scrollTo({ top: 0 });
    } catch (error) {
      setState('idle');
      const problem = callProblem(error, OFFLINE);
      showErrors(problem.errors ?? { form: problem.detail });
    }
  }

  if (state === 'sent')
    return (
      <div className="card mt-6 p-6 text-center" role="status">
        <p className="text-lg font-semibold">Спасибо! Отзыв отправлен на проверку</p>
        <p className="mt-2 text-ink-soft">
          Модератор прочитает его в течение двух рабочих дней. Опубликованный отзыв появится на странице и
          будет учтён в рейтинге.
        </p>
        <a
          href={props.url}
          className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
        >
          Вернуться на страницу {props.kind === 'doctor' ? 'врача' : 'клиники'}
        </a>
      </div>
    );

  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1 text-sm text-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-6 flex flex-col gap-6">
      <section className="card flex flex-col gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Оценки</h2>
        <div
          tabIndex={-1}
          data-field="stars"
          aria-describedby={errors.stars ? errorId('stars') : undefined}
          className="flex flex-col gap-3 outline-none"
        >
          {props.criteria.map((label, i) => (
            <StarField
              key={label}
              index={i}
              label={label}
              value={stars[i]}
              onChange={(v) => setStars((s) => s.map((x, j) => (j === i ? v : x)))}
            />
          ))}
        </div>
        {fieldError('stars')}
      </section>

      <section className="card flex flex-col gap-4 p-4 sm:p-6">
        <div>
          <label htmlFor={`${uid}-month`} className="font-medium">
            Когда вы были на приёме?
          </label>
          <select
            id={`${uid}-month`}
            name="visit_month"
            data-field="visit_month"
            defaultValue={props.months[0]}
            aria-describedby={errors.visit_month ? errorId('visit_month') : undefined}
            className="mt-1 block w-full rounded-lg border border-line bg-white px-3 py-2.5 sm:w-64"
          >
            {props.months.map((m) => (
              <option key={m} value={m}>
                {monthTitle(m)}
              </option>
            ))}
          </select>
          {fieldError('visit_month')}
        </div>
        <div>
          <label htmlFor={`${uid}-text`} className="font-medium">
            Ваш отзыв
          </label>
          <p id={`${uid}-text-hint`} className="text-sm text-ink-soft">
            Что понравилось, что нет, помогло ли лечение. Не меньше {REVIEW_TEXT_MIN} символов.
          </p>
          <textarea
            id={`${uid}-text`}
            name="text"
            data-field="text"
            rows={8}
            maxLength={REVIEW_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={`${uid}-text-hint ${uid}-text-count${errors.text ? ` ${errorId('text')}` : ''}`}
            className="mt-1 block w-full rounded-lg border border-line px-3 py-2.5"
          />
          <p id={`${uid}-text-count`} className="mt-1 text-right text-sm text-muted" aria-live="polite">
            {length < REVIEW_TEXT_MIN ? `${length} из ${REVIEW_TEXT_MIN}` : `${length} символов`}
          </p>
          {fieldError('text')}
        </div>
      </section>

      {props.tags.length > 0 && (
        <section className="card p-4 sm:p-6">
          <fieldset>
            <legend className="text-lg font-semibold">Что вы бы отметили?</legend>
            <div className="mt-3 flex flex-wrap gap-2" data-field="tags" tabIndex={-1}>
              {props.tags.map((t) => (
                <label key={t.translit} className="relative cursor-pointer">
                  <input type="checkbox" name="tags" value={t.translit} className="peer sr-only" />
                  <span className="inline-block rounded-full border border-line px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand-soft peer-focus-visible:outline-2 peer-focus-visible:outline-brand">
                    {t.polarity < 0 ? '− ' : '+ '}
                    {t.name}
                  </span>
                </label>
              ))}
            </div>
            {fieldError('tags')}
          </fieldset>
        </section>
      )}

      <section className="card flex flex-col gap-4 p-4 sm:p-6">
        <div>
          <label htmlFor={`${uid}-docs`} className="font-medium">
            Документы о приёме (необязательно)
          </label>
          <p id={`${uid}-docs-hint`} className="text-sm text-ink-soft">
            Чек, договор или заключение: JPG, PNG или PDF до 5 МБ, не больше {MAX_REVIEW_DOCUMENTS} файлов. Их
            увидят только модераторы.
          </p>
          <input
            id={`${uid}-docs`}
            type="file"
            name="documents"
            data-field="documents"
            multiple
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            aria-describedby={`${uid}-docs-hint${errors.documents ? ` ${errorId('documents')}` : ''}`}
            className="mt-2 block text-sm"
          />
          {fieldError('documents')}
        </div>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="is_anonymous" value="true" className="mt-1" />
          <span>
            Опубликовать анонимно
            <span className="block text-sm text-ink-soft">Вместо имени будет «Анонимный отзыв».</span>
          </span>
        </label>
      </section>

      {(errors.form || errors.subject) && (
        <p role="alert" className="rounded-lg bg-error/10 p-3 text-error">
          {errors.form ?? errors.subject}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={!hydrated || state === 'sending'}
          className="w-full rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-60 sm:w-auto"
        >
          {state === 'sending' ? 'Отправляем…' : 'Отправить отзыв'}
        </button>
        <p className="mt-2 text-sm text-ink-soft">
          Отзыв появится после проверки модератором. Как отзывы влияют на рейтинг —{' '}
          <a href="/rating/" className="text-brand underline">
            в описании рейтинга
          </a>
          .
        </p>
      </div>
    </form>
  );
}
