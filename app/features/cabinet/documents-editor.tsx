import { useId, useState } from 'react';
import { cabinetUploadDocument, cabinetWithdrawDocument } from '../../../core/doctor/document-calls';
import type { CabinetDocuments, DocumentSlot } from '../../../core/doctor/document-contracts';
import { DOCUMENT_TEXTS, type DocumentKind } from '../../../core/doctor/document-scans';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { useHydrated } from '../../lib/use-hydrated';
import { dateText } from './date-text';
import { type LastCall, useSectionCalls } from './use-section-calls';

/** The slot's state in a word or two, and its colour. */
function statusOf(slot: DocumentSlot): { text: string; className: string } {
  const doc = slot.document;
  if (!doc)
    return slot.confirmed
      ? { text: DOCUMENT_TEXTS.confirmedBefore, className: 'text-success' }
      : { text: DOCUMENT_TEXTS.none, className: 'text-ink-soft' };
  if (doc.status === 'pending') return { text: doc.statusText, className: 'text-amber-700' };
  if (doc.status === 'accepted') return { text: doc.statusText, className: 'text-success' };
  return { text: doc.statusText, className: 'text-error' };
}

/**
 * 'Документы': a scan per kind (the diploma, the category certificate, the science degree) for
 * the 'Документы проверены' marks, each with its state ('На проверке', 'Принят', 'Отклонён:
 * {reason}'), its file and 'Отозвать' while it waits. A file is sent as soon as it is chosen. A
 * clinic sends its picked doctor's (`doctorId`).
 */
export function DocumentsEditor({ initial, doctorId }: { initial: CabinetDocuments; doctorId?: number }) {
  const [data, setData] = useState(initial);
  const section = useSectionCalls({
    upload: useCall(cabinetUploadDocument),
    withdraw: useCall(cabinetWithdrawDocument),
  });
  const id = useId();

  async function upload(kind: DocumentKind, file: File, input: HTMLInputElement) {
    const body = new FormData();
    if (doctorId !== undefined) body.set('doctor_id', String(doctorId));
    body.set('kind', kind);
    body.set('file', file);
    const outcome = await section.run('upload', { body }, DOCUMENT_TEXTS.uploaded, kind);
    if (outcome.ok) setData(outcome.reply);
    input.value = '';
  }

  async function withdraw(kind: DocumentKind, documentId: number) {
    const outcome = await section.run(
      'withdraw',
      { params: { id: documentId }, body: { doctor_id: doctorId } },
      DOCUMENT_TEXTS.withdrawn,
      kind,
    );
    if (outcome.ok) setData(outcome.reply);
  }

  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {DOCUMENT_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-soft">{DOCUMENT_TEXTS.lead}</p>
      <ul className="flex flex-col gap-3">
        {data.slots.map((slot) => (
          <SlotItem
            key={slot.kind}
            slot={slot}
            input={`${id}-${slot.kind}`}
            hint={`${id}-hint`}
            busy={section.busy}
            last={section.last?.about === slot.kind ? section.last : null}
            onUpload={(file, input) => void upload(slot.kind, file, input)}
            onWithdraw={(documentId) => void withdraw(slot.kind, documentId)}
          />
        ))}
      </ul>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        {DOCUMENT_TEXTS.hint}
      </p>
    </section>
  );
}

/** One kind's scan: its state, its file, 'Отозвать' while it waits, and the file to send. */
function SlotItem({
  slot,
  input,
  hint,
  busy,
  last,
  onUpload,
  onWithdraw,
}: {
  slot: DocumentSlot;
  input: string;
  hint: string;
  busy: boolean;
  /** The section's last call, when it was this slot's. */
  last: LastCall | null;
  onUpload: (file: File, input: HTMLInputElement) => void;
  onWithdraw: (documentId: number) => void;
}) {
  // A file input is no Button: it is enabled once its page has hydrated, so that a file chosen
  // before is not lost (the Button's rule, by hand).
  const hydrated = useHydrated();
  const doc = slot.document;
  const status = statusOf(slot);
  const action = doc ? DOCUMENT_TEXTS.replace : DOCUMENT_TEXTS.upload;
  return (
    <li
      className="flex flex-col gap-2 rounded-lg bg-canvas p-3"
      aria-labelledby={`${input}-label`}
      data-document-kind={slot.kind}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`${input}-label`} className="font-medium">
          {slot.label}
        </h3>
        <p className={`text-sm font-medium ${status.className}`}>{status.text}</p>
      </div>
      {doc && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="text-ink-soft">
            {doc.format === 'pdf' ? 'PDF' : 'Изображение'}, {dateText(doc.createdAt)}
          </span>
          <a href={doc.fileUrl} target="_blank" rel="noopener" className="text-brand hover:underline">
            {DOCUMENT_TEXTS.open}
          </a>
          {doc.status === 'pending' && (
            <Button
              variant="small"
              disabled={busy}
              aria-label={`${DOCUMENT_TEXTS.withdraw}: ${slot.label}`}
              onClick={() => onWithdraw(doc.id)}
            >
              {DOCUMENT_TEXTS.withdraw}
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={input} className="text-sm font-medium">
          {action}
        </label>
        <input
          id={input}
          aria-label={`${action}: ${slot.label}`}
          type="file"
          name="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          disabled={!hydrated || busy}
          aria-describedby={hint}
          className="max-w-full text-sm"
          onChange={(event) => {
            const target = event.currentTarget;
            const file = target.files?.[0];
            if (file) onUpload(file, target);
          }}
        />
        {last?.call.busy && (
          <p role="status" className="text-sm text-ink-soft">
            Отправляем…
          </p>
        )}
        {last && <FormStatus call={last.call} done={last.done} className="text-sm" />}
      </div>
    </li>
  );
}
