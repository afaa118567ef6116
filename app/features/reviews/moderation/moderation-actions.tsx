import { useId, useState } from 'react';
import { moderateReply, moderateReview } from '../../../../core/reviews/calls';
import type {
  ModerateBody,
  Moderated,
  ModerateReplyBody,
  ReplyModerated,
} from '../../../../core/reviews/moderation-contracts';
import { plural, WORDS } from '../../../../core/text/plural';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';
import { callProblem } from '../call-problem';

const OFFLINE = 'Нет связи с сервером. Попробуйте ещё раз.';

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

function moderate(target: ModerationTarget, action: string, reason: string | null) {
  const params = { id: target.id };
  return target.kind === 'review'
    ? api.send(moderateReview, { params, body: { action: action as ModerateBody['action'], reason } })
    : api.send(moderateReply, { params, body: { action: action as ModerateReplyBody['action'], reason } });
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
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uid = useId();

  async function run(action: string) {
    setBusy(true);
    setError('');
    try {
      const result = await moderate(target, action, action === 'delete' ? reason : null);
      setDeleting(false);
      onDone(doneText(target.kind, result));
    } catch (failure) {
      setError(callProblem(failure, OFFLINE).detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {target.actions.map((a) => (
          <button
            key={a.action}
            type="button"
            disabled={!hydrated || busy}
            onClick={() => (a.action === 'delete' ? setDeleting((d) => !d) : void run(a.action))}
            aria-expanded={a.action === 'delete' ? deleting : undefined}
            className={`rounded-lg border px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${
              a.danger
                ? 'border-error text-error hover:bg-error/10'
                : 'border-line hover:border-brand hover:text-brand'
            }`}
          >
            {a.title}
          </button>
        ))}
      </div>
      {deleting && (
        <form
          className="mt-3 flex flex-col gap-2 rounded-lg bg-canvas p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run('delete');
          }}
        >
          <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
            Причина удаления
          </label>
          <input
            id={`${uid}-reason`}
            list={`${uid}-reasons`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-lg border border-line bg-white px-3 py-2"
          />
          <datalist id={`${uid}-reasons`}>
            {DELETE_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <button
            type="submit"
            disabled={busy}
            className="self-start rounded-lg bg-error px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
          >
            Удалить с этой причиной
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
