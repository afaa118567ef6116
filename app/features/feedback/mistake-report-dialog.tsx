import { type RefObject, useId, useState } from 'react';
import { sendMistakeReport } from '../../../core/feedback/calls';
import {
  MISTAKE_CONTACT_MAX,
  MISTAKE_MESSAGES,
  MISTAKE_TEXT_MAX,
  mistakeContactError,
  mistakeTextError,
} from '../../../core/feedback/mistake-report';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { Modal, ModalClose } from '../../components/ui/modal';
import { SERVER_ERROR } from '../../lib/api';
import { useCall } from '../../lib/use-call';

const FAILED = 'Произошла ошибка. Обновите страницу и попробуйте еще раз.';

type Errors = { text?: string; contact?: string };

/**
 * The popup of 'Сообщить об ошибке' (see mistake-report.tsx, which loads this module on the
 * first click): a form posted to /ajax/mistake_reports/. A draft survives closing the popup;
 * after a report is sent the thanks stay until it closes, and the next opening starts afresh.
 */
export function MistakeReportDialog({
  open,
  onOpenChange,
  doctorId,
  lpuId,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  doctorId?: number;
  lpuId?: number;
  /** The button that opened the popup: focus returns to it. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const [text, setText] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const send = useCall(sendMistakeReport);
  const formId = useId();
  // The server's refusal reads as it is; a failure of the server or the connection is ours.
  const failed = send.error && (send.refusal && send.error !== SERVER_ERROR ? send.error : FAILED);

  function openChange(next: boolean) {
    if (!next && send.done) {
      send.reset();
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit() {
    const found = {
      text: mistakeTextError(text) ?? undefined,
      contact: mistakeContactError(contact) ?? undefined,
    };
    setErrors(found);
    if (found.text || found.contact) {
      const first = found.text ? 'text' : 'contact';
      document.getElementById(formId)?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return send.reset();
    }
    const outcome = await send.run({ body: { doctor_id: doctorId, lpu_id: lpuId, text, contact } });
    if (!outcome.ok) return;
    setText('');
    setContact('');
  }

  return (
    <Modal
      open={open}
      onOpenChange={openChange}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        trigger.current?.focus();
      }}
      title="Сообщить об ошибке"
      description="Расскажите, что на странице указано неверно: мы проверим и исправим."
      showDescription={!send.done}
      mobile="fullscreen"
      footer={
        send.done ? (
          <ModalClose asChild>
            <Button className="text-sm">Закрыть</Button>
          </ModalClose>
        ) : (
          <Button type="submit" form={formId} busy={send.busy} className="text-sm">
            {send.busy ? 'Отправляем...' : 'Отправить'}
          </Button>
        )
      }
    >
      {send.done ? (
        <p role="status" className="py-4 text-lg font-medium text-success">
          {MISTAKE_MESSAGES.success}
        </p>
      ) : (
        <Form id={formId} call={send} onSubmit={() => void submit()} className="flex flex-col gap-4 pb-2">
          <Field label="Что не так?" error={errors.text ?? send.fieldErrors.text}>
            {(control) => (
              <textarea
                {...control}
                name="text"
                rows={5}
                required
                maxLength={MISTAKE_TEXT_MAX}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  if (errors.text) setErrors((x) => ({ ...x, text: undefined }));
                }}
                placeholder="Например: врач больше не принимает в этой клинике"
                className={INPUT}
              />
            )}
          </Field>
          <Field
            label={
              <>
                Как с вами связаться <span className="font-normal text-muted">(необязательно)</span>
              </>
            }
            error={errors.contact ?? send.fieldErrors.contact}
          >
            {(control) => (
              <input
                {...control}
                name="contact"
                type="text"
                autoComplete="email"
                maxLength={MISTAKE_CONTACT_MAX}
                value={contact}
                onChange={(e) => setContact(e.target.value)}
                placeholder="Телефон или электронная почта"
                className={INPUT}
              />
            )}
          </Field>
          {failed && (
            <p role="alert" className="rounded-lg bg-error-soft px-3 py-2 text-sm text-error">
              {failed}
            </p>
          )}
        </Form>
      )}
    </Modal>
  );
}
