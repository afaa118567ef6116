import { useId, useState } from 'react';
import { moderateReply, moderateReview } from '../../../../core/reviews/calls';
import type {
  ModerateBody,
  Moderated,
  ModerateReplyBody,
  ReplyModerated,
} from '../../../../core/reviews/moderation-contracts';
import { plural, WORDS } from '../../../../core/text/plural';
import { Button } from '../../../components/ui/button';
import { Field, INPUT } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { useCall } from '../../../lib/use-call';

const DELETE_REASONS = [
  'Отзыв оставлен не пациентом',
  'Повторный отзыв о том же приёме',
  'Нецензурные выражения',
  'Отзыв не относится к работе врача',
  'Удалён по просьбе автора',
];

/** What is moderated: a review (its actions change the rating) or an answer. */
export type ModerationTarget =
  | { kind: 'review'; id: number; actions: ModerationChoice<ModerateBody['action']>[] }
  | { kind: 'reply'; id: number; actions: ModerationChoice<ModerateReplyBody['action']>[] };

export interface ModerationChoice<A extends string> {
  action: A;
  title: string;
  danger?: boolean;
}

/** What the moderator reads after an action, with the subject's rating it led to. */
function doneText(kind: ModerationTarget['kind'], result: Moderated | ReplyModerated): string {
  const what = kind === 'review' ? 'Отзыв' : 'Ответ';
  const state: Record<string, string> = {
    published: 'опубликован',
    unconfirmed: 'отмечен как неподтверждённый',
    resolved: 'отмечен: проблема решена',
    deleted: 'удалён',
  };
  const rating =
    'rating' in result
      ? `. Рейтинг: ${result.rating > 0 ? result.rating.toFixed(1).replace('.', ',') : 'нет'}, ${plural(result.reviews_count, WORDS.review)}`
      : '';
  return `${what} ${state[result.status] ?? result.status}${rating}`;
}

/** Buttons of one review or answer: each action is sent, then the page reloads its data. */
export function ModerationActions({
  target,
  onDone,
}: {
  target: ModerationTarget;
  onDone: (message: string) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [reason, setReason] = useState('');
  const review = useCall(moderateReview);
  const reply = useCall(moderateReply);
  const call = target.kind === 'review' ? review : reply;
  const uid = useId();

  async function run(action: string) {
    const params = { id: target.id };
    const why = action === 'delete' ? reason : null;
    const outcome =
      target.kind === 'review'
        ? await review.run({ params, body: { action: action as ModerateBody['action'], reason: why } })
        : await reply.run({ params, body: { action: action as ModerateReplyBody['action'], reason: why } });
    if (!outcome.ok) return;
    setDeleting(false);
    onDone(doneText(target.kind, outcome.reply));
  }

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {target.actions.map((a) => (
          <Button
            key={a.action}
            variant="bare"
            busy={call.busy}
            onClick={() => (a.action === 'delete' ? setDeleting((d) => !d) : void run(a.action))}
            aria-expanded={a.action === 'delete' ? deleting : undefined}
            className={`rounded-lg border px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${
              a.danger
                ? 'border-error text-error hover:bg-error/10'
                : 'border-line hover:border-brand hover:text-brand'
            }`}
          >
            {a.title}
          </Button>
        ))}
      </div>
      {deleting && (
        <Form
          call={call}
          onSubmit={() => void run('delete')}
          className="mt-3 flex flex-col gap-2 rounded-lg bg-canvas p-3"
        >
          <Field label="Причина удаления">
            {(control) => (
              <input
                {...control}
                list={`${uid}-reasons`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={INPUT}
              />
            )}
          </Field>
          <datalist id={`${uid}-reasons`}>
            {DELETE_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <Button type="submit" variant="danger" busy={call.busy} className="self-start text-sm">
            Удалить с этой причиной
          </Button>
        </Form>
      )}
      {call.error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {call.error}
        </p>
      )}
    </div>
  );
}
