import { useId, useState } from 'react';
import { createReply } from '../../../../core/reviews/calls';
import { REPLY_TEXT_MAX, REPLY_TEXT_MIN } from '../../../../core/reviews/write';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/use-hydrated';
import { callProblem } from '../call-problem';

const OFFLINE = 'Нет связи с сервером. Попробуйте ещё раз.';

/** A doctor's or clinic's answer to a review; it shows under the review once staff publish it. */
export function ReplyForm({ reviewId, onSent }: { reviewId: number; onSent: (text: string) => void }) {
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const uid = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (text.trim().length < REPLY_TEXT_MIN) {
      setError(`Ответ слишком короткий: не меньше ${REPLY_TEXT_MIN} символов`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await api.send(createReply, { params: { id: reviewId }, body: { text } });
      onSent(text.trim());
    } catch (failure) {
      const problem = callProblem(failure, OFFLINE);
      setError(problem.errors?.text ?? problem.detail);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <label htmlFor={`${uid}-text`} className="text-sm font-medium">
        Ваш ответ
      </label>
      <textarea
        id={`${uid}-text`}
        rows={4}
        maxLength={REPLY_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
        className="rounded-lg border border-line px-3 py-2"
      />
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={!hydrated || busy}
        className="self-start rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60"
      >
        {busy ? 'Отправляем…' : 'Отправить ответ'}
      </button>
    </form>
  );
}
