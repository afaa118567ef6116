import { type FormEvent, type RefObject, useId, useState } from 'react';
import { sendMistakeReport } from '../../../core/feedback/calls';
import {
  MISTAKE_CONTACT_MAX,
  MISTAKE_MESSAGES,
  MISTAKE_TEXT_MAX,
  mistakeContactError,
  mistakeTextError,
} from '../../../core/feedback/mistake-report';
import { Modal, ModalClose } from '../../components/ui/modal';
import { api, isApiError } from '../../lib/api';

const FAILED = 'Произошла ошибка. Обновите страницу и попробуйте еще раз.';

type Status = 'editing' | 'sending' | 'sent';

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
  const [errors, setErrors] = useState<{ text?: string; contact?: string; form?: string }>({});
  const [status, setStatus] = useState<Status>('editing');
  const ids = { text: useId(), contact: useId(), textError: useId(), contactError: useId(), form: useId() };

  function openChange(next: boolean) {
    if (!next && status === 'sent') {
      setStatus('editing');
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const found = {
      text: mistakeTextError(text) ?? undefined,
      contact: mistakeContactError(contact) ?? undefined,
    };
    setErrors(found);
    if (found.text || found.contact) {
      document.getElementById(found.text ? ids.text : ids.contact)?.focus();
      return;
    }
    setStatus('sending');
    try {
      await api.send(sendMistakeReport, { body: { doctor_id: doctorId, lpu_id: lpuId, text, contact } });
      setStatus('sent');
      setText('');
      setContact('');
    } catch (error) {
      // The server's refusal is shown as it is; a failure of the server or the connection is ours.
      const refused = isApiError(error) && error.kind === 'http' && error.status < 500;
      setStatus('editing');
      setErrors({ form: refused ? error.detail : FAILED });
    }
  }

  const field =
    'mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 outline-none focus:border-brand aria-[invalid=true]:border-error';
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
      showDescription={status !== 'sent'}
      mobile="fullscreen"
      footer={
        status === 'sent' ? (
          <ModalClose asChild>
            <button type="button" className="rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white">
              Закрыть
            </button>
          </ModalClose>
        ) : (
          <button
            type="submit"
            form={ids.form}
            disabled={status === 'sending'}
            className="rounded-lg bg-brand px-5 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {status === 'sending' ? 'Отправляем...' : 'Отправить'}
          </button>
        )
      }
    >
      {status === 'sent' ? (
        <p role="status" className="py-4 text-lg font-medium text-success">
          {MISTAKE_MESSAGES.success}
        </p>
      ) : (
        <form id={ids.form} noValidate onSubmit={submit} className="flex flex-col gap-4 pb-2">
          <div>
            <label htmlFor={ids.text} className="font-medium">
              Что не так?
            </label>
            <textarea
              id={ids.text}
              name="text"
              rows={5}
              required
              maxLength={MISTAKE_TEXT_MAX}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (errors.text) setErrors((x) => ({ ...x, text: undefined }));
              }}
              aria-invalid={Boolean(errors.text)}
              aria-describedby={errors.text ? ids.textError : undefined}
              placeholder="Например: врач больше не принимает в этой клинике"
              className={field}
            />
            {errors.text && (
              <p id={ids.textError} className="mt-1 text-sm text-error">
                {errors.text}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={ids.contact} className="font-medium">
              Как с вами связаться <span className="font-normal text-muted">(необязательно)</span>
            </label>
            <input
              id={ids.contact}
              name="contact"
              type="text"
              autoComplete="email"
              maxLength={MISTAKE_CONTACT_MAX}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              aria-invalid={Boolean(errors.contact)}
              aria-describedby={errors.contact ? ids.contactError : undefined}
              placeholder="Телефон или электронная почта"
              className={field}
            />
            {errors.contact && (
              <p id={ids.contactError} className="mt-1 text-sm text-error">
                {errors.contact}
              </p>
            )}
          </div>
          {errors.form && (
            <p role="alert" className="rounded-lg bg-error-soft px-3 py-2 text-sm text-error">
              {errors.form}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
