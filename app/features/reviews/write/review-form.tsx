import { useId, useState } from 'react';
import { createReview } from '../../../../core/reviews/calls';
import type { ReviewFormContext } from '../../../../core/reviews/contracts';
import { REVIEW_TEXT_MIN } from '../../../../core/reviews/write';
import { plural, WORDS } from '../../../../core/text/plural';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { useCall } from '../../../lib/use-call';
import {
  type Errors,
  PrivacySection,
  ReviewSent,
  StarsSection,
  TagsSection,
  VisitSection,
} from './review-form-sections';

export type ReviewFormProps = Pick<
  ReviewFormContext,
  'kind' | 'id' | 'url' | 'criteria' | 'tags' | 'months' | 'invite'
>;

/** The form's own checks: a star at least, and the text's minimum. */
function check(stars: (number | null)[], text: string): Errors {
  const out: Errors = {};
  const length = text.trim().length;
  if (stars.every((s) => s === null)) out.stars = 'Поставьте хотя бы одну оценку';
  if (length < REVIEW_TEXT_MIN)
    out.text = `Расскажите подробнее: ещё ${plural(REVIEW_TEXT_MIN - length, WORDS.symbol)} (не меньше ${REVIEW_TEXT_MIN})`;
  return out;
}

/**
 * The review form (docs/product/reviews.md): stars per criterion, the month of the visit, the text with
 * its minimum, tags, anonymity, documents for moderators. Posts multipart to the review call;
 * the form's and the server's per-field errors show under their fields, the first one focused.
 */
export function ReviewForm(props: ReviewFormProps) {
  const [stars, setStars] = useState<(number | null)[]>(props.criteria.map(() => null));
  const [text, setText] = useState('');
  const [local, setLocal] = useState<Errors>({});
  const send = useCall(createReview);
  // Form keeps its element to itself: the form is found by its id for its data and fields.
  const formId = useId();
  const form = () => document.getElementById(formId) as HTMLFormElement | null;
  const errors = Object.keys(local).length ? local : send.fieldErrors;
  // A refusal without messages by field (or of the subject, which has no field) reads above the button.
  const formError = errors.subject ?? (Object.keys(errors).length ? null : send.error);

  function focusFirst(found: Errors) {
    const first = Object.keys(found)[0];
    if (first) form()?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }

  async function submit() {
    const found = check(stars, text);
    setLocal(found);
    if (Object.keys(found).length) {
      send.reset();
      return focusFirst(found);
    }
    const data = new FormData(form() ?? undefined);
    for (let i = 0; i < props.criteria.length; i++) data.delete(`stars-${i}`);
    for (const s of stars) data.append('stars', s === null ? '' : String(s));
    data.set(props.kind === 'doctor' ? 'doctor_id' : 'lpu_id', String(props.id));
    // The invitation's link: it says who writes and of which visit (the server checks it again).
    if (props.invite) data.set('invite', props.invite);
    const outcome = await send.run({ body: data });
    if (outcome.ok) window.scrollTo({ top: 0 });
    else focusFirst(outcome.refusal?.errors ?? {});
  }

  if (send.done) return <ReviewSent kind={props.kind} url={props.url} />;

  return (
    <Form id={formId} call={send} onSubmit={() => void submit()} className="mt-6 flex flex-col gap-6">
      {props.invite ? (
        <p className="rounded-lg bg-brand-soft p-3 text-ink">
          Вы пишете отзыв о приёме, на который записались через сервис: отзыв будет отмечен как проверенный.
        </p>
      ) : null}
      <StarsSection criteria={props.criteria} stars={stars} onChange={setStars} error={errors.stars} />
      <VisitSection months={props.months} text={text} onText={setText} errors={errors} />
      <TagsSection tags={props.tags} error={errors.tags} />
      <PrivacySection error={errors.documents} />
      {formError && (
        <p role="alert" className="rounded-lg bg-error/10 p-3 text-error">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" busy={send.busy} className="w-full sm:w-auto">
          {send.busy ? 'Отправляем…' : 'Отправить отзыв'}
        </Button>
        <p className="mt-2 text-sm text-ink-soft">
          Отзыв появится после проверки модератором. Как отзывы влияют на рейтинг —{' '}
          <a href="/rating/" className="text-brand underline">
            в описании рейтинга
          </a>
          .
        </p>
      </div>
    </Form>
  );
}
