import { useId } from 'react';
import type { ReviewFormContext } from '../../../../core/reviews/contracts';
import {
  MAX_REVIEW_DOCUMENTS,
  monthTitle,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '../../../../core/reviews/write';
import { Field, INPUT } from '../../../components/ui/field';
import { StarField } from './star-field';

/** Messages by field: the form's own checks, or the server's refusal. */
export type Errors = Record<string, string>;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-error">
      {error}
    </p>
  ) : null;
}

/** 'Оценки': a star row per criterion; at least one is needed. */
export function StarsSection({
  criteria,
  stars,
  onChange,
  error,
}: {
  criteria: readonly string[];
  stars: (number | null)[];
  onChange: (stars: (number | null)[]) => void;
  error?: string;
}) {
  const errorId = `${useId()}-stars-error`;
  return (
    <section className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Оценки</h2>
      <div
        tabIndex={-1}
        data-field="stars"
        aria-describedby={error ? errorId : undefined}
        className="flex flex-col gap-3 outline-none"
      >
        {criteria.map((label, i) => (
          <StarField
            key={label}
            index={i}
            label={label}
            value={stars[i]}
            onChange={(v) => onChange(stars.map((x, j) => (j === i ? v : x)))}
          />
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </section>
  );
}

/** The month of the visit and the review's text, with its count towards the minimum. */
export function VisitSection({
  months,
  text,
  onText,
  errors,
}: {
  months: readonly string[];
  text: string;
  onText: (text: string) => void;
  errors: Errors;
}) {
  const length = text.trim().length;
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-6">
      <Field label="Когда вы были на приёме?" error={errors.visit_month}>
        {(control) => (
          <select
            {...control}
            name="visit_month"
            data-field="visit_month"
            defaultValue={months[0]}
            className={`${INPUT} sm:w-64`}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthTitle(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Ваш отзыв"
        error={errors.text}
        hint={
          <span className="flex flex-wrap justify-between gap-x-4">
            <span>Что понравилось, что нет, помогло ли лечение. Не меньше {REVIEW_TEXT_MIN} символов.</span>
            <span className="text-muted" aria-live="polite">
              {length < REVIEW_TEXT_MIN ? `${length} из ${REVIEW_TEXT_MIN}` : `${length} символов`}
            </span>
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="text"
            data-field="text"
            rows={8}
            maxLength={REVIEW_TEXT_MAX}
            value={text}
            onChange={(e) => onText(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
    </section>
  );
}

/** 'Что вы бы отметили?': the subject's tags as checkboxes. */
export function TagsSection({ tags, error }: { tags: ReviewFormContext['tags']; error?: string }) {
  const errorId = `${useId()}-tags-error`;
  if (tags.length === 0) return null;
  return (
    <section className="card p-4 sm:p-6">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-lg font-semibold">Что вы бы отметили?</legend>
        <div className="mt-3 flex flex-wrap gap-2" data-field="tags" tabIndex={-1}>
          {tags.map((t) => (
            <label key={t.translit} className="relative cursor-pointer">
              <input type="checkbox" name="tags" value={t.translit} className="peer sr-only" />
              <span className="inline-block rounded-full border border-line px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand-soft peer-focus-visible:outline-2 peer-focus-visible:outline-brand">
                {t.polarity < 0 ? '− ' : '+ '}
                {t.name}
              </span>
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
    </section>
  );
}

/** Documents for the moderators only, and anonymity. */
export function PrivacySection({ error }: { error?: string }) {
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-6">
      <Field
        label="Документы о приёме (необязательно)"
        error={error}
        hint={`Чек, договор или заключение: JPG, PNG или PDF до 5 МБ, не больше ${MAX_REVIEW_DOCUMENTS} файлов. Их увидят только модераторы.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name="documents"
            data-field="documents"
            multiple
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            className="block text-sm"
          />
        )}
      </Field>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="is_anonymous" value="true" className="mt-1" />
        <span>
          Опубликовать анонимно
          <span className="block text-sm text-ink-soft">Вместо имени будет «Анонимный отзыв».</span>
        </span>
      </label>
    </section>
  );
}

/** What the patient reads once the review went to moderation. */
export function ReviewSent({ kind, url }: { kind: ReviewFormContext['kind']; url: string }) {
  return (
    <div className="card mt-6 p-6 text-center" role="status">
      <p className="text-lg font-semibold">Спасибо! Отзыв отправлен на проверку</p>
      <p className="mt-2 text-ink-soft">
        Модератор прочитает его в течение двух рабочих дней. Опубликованный отзыв появится на странице и будет
        учтён в рейтинге.
      </p>
      <a
        href={url}
        className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
      >
        Вернуться на страницу {kind === 'doctor' ? 'врача' : 'клиники'}
      </a>
    </div>
  );
}
