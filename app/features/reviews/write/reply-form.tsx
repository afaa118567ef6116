import { useState } from 'react';
import { createReply } from '../../../../core/reviews/calls';
import { REPLY_TEXT_MAX, REPLY_TEXT_MIN } from '../../../../core/reviews/write';
import { Button } from '../../../components/ui/button';
import { Field, INPUT } from '../../../components/ui/field';
import { Form, FormStatus } from '../../../components/ui/form';
import { useCall } from '../../../lib/use-call';

const TOO_SHORT = `Ответ слишком короткий: не меньше ${REPLY_TEXT_MIN} символов`;

/** A doctor's or clinic's answer to a review; it shows under the review once staff publish it. */
export function ReplyForm({ reviewId, onSent }: { reviewId: number; onSent: (text: string) => void }) {
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const send = useCall(createReply);

  async function submit() {
    setTooShort(text.trim().length < REPLY_TEXT_MIN);
    if (text.trim().length < REPLY_TEXT_MIN) return send.reset();
    const outcome = await send.run({ params: { id: reviewId }, body: { text } });
    if (outcome.ok) onSent(text.trim());
  }

  return (
    <Form call={send} onSubmit={() => void submit()} className="mt-3 flex flex-col gap-2">
      <Field label="Ваш ответ" error={tooShort ? TOO_SHORT : send.fieldErrors.text}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REPLY_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
      <FormStatus call={send} className="text-sm" />
      <Button type="submit" busy={send.busy} className="self-start text-sm">
        {send.busy ? 'Отправляем…' : 'Отправить ответ'}
      </Button>
    </Form>
  );
}
