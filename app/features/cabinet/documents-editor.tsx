import { useId, useState } from 'react';
import { cabinetUploadDocument, cabinetWithdrawDocument } from '../../../core/doctor/document-calls';
import type { CabinetDocuments, DocumentSlot } from '../../../core/doctor/document-contracts';
import { DOCUMENT_TEXTS, type DocumentKind } from '../../../core/doctor/document-scans';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

const SMALL = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-surface disabled:opacity-50';

type Note = { kind: DocumentKind; ok: boolean; text: string } | null;

const problem = (err: unknown) => (isApiError(err) ? err.detail : SERVER_ERROR);

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });

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
  const hydrated = useHydrated();
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [note, setNote] = useState<Note>(null);
  const id = useId();

  async function upload(kind: DocumentKind, file: File, input: HTMLInputElement) {
    setBusy(kind);
    setNote(null);
    const body = new FormData();
    if (doctorId !== undefined) body.set('doctor_id', String(doctorId));
    body.set('kind', kind);
    body.set('file', file);
    try {
      setData(await api.send(cabinetUploadDocument, { body }));
      setNote({ kind, ok: true, text: DOCUMENT_TEXTS.uploaded });
    } catch (err) {
      setNote({ kind, ok: false, text: problem(err) });
    } finally {
      setBusy(null);
      input.value = '';
    }
  }

  async function withdraw(kind: DocumentKind, documentId: number) {
    setBusy(kind);
    setNote(null);
    try {
      setData(
        await api.send(cabinetWithdrawDocument, {
          params: { id: documentId },
          body: { doctor_id: doctorId },
        }),
      );
      setNote({ kind, ok: true, text: DOCUMENT_TEXTS.withdrawn });
    } catch (err) {
      setNote({ kind, ok: false, text: problem(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {DOCUMENT_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-soft">{DOCUMENT_TEXTS.lead}</p>
      <ul className="flex flex-col gap-3">
        {data.slots.map((slot) => {
          const doc = slot.document;
          const status = statusOf(slot);
          const input = `${id}-${slot.kind}`;
          return (
            <li
              key={slot.kind}
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
                    <button
                      type="button"
                      className={SMALL}
                      disabled={!hydrated || busy !== null}
                      aria-label={`${DOCUMENT_TEXTS.withdraw}: ${slot.label}`}
                      onClick={() => void withdraw(slot.kind, doc.id)}
                    >
                      {DOCUMENT_TEXTS.withdraw}
                    </button>
                  )}
                </div>
              )}
              <div className="flex flex-col gap-1">
                <label htmlFor={input} className="text-sm font-medium">
                  {doc ? DOCUMENT_TEXTS.replace : DOCUMENT_TEXTS.upload}
                </label>
                <input
                  id={input}
                  aria-label={`${doc ? DOCUMENT_TEXTS.replace : DOCUMENT_TEXTS.upload}: ${slot.label}`}
                  type="file"
                  name="file"
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  disabled={!hydrated || busy !== null}
                  aria-describedby={`${id}-hint`}
                  className="max-w-full text-sm"
                  onChange={(event) => {
                    const target = event.currentTarget;
                    const file = target.files?.[0];
                    if (file) void upload(slot.kind, file, target);
                  }}
                />
                {busy === slot.kind && (
                  <p role="status" className="text-sm text-ink-soft">
                    Отправляем…
                  </p>
                )}
                {note?.kind === slot.kind && (
                  <p
                    role={note.ok ? 'status' : 'alert'}
                    className={`text-sm ${note.ok ? 'text-success' : 'text-error'}`}
                  >
                    {note.text}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        {DOCUMENT_TEXTS.hint}
      </p>
    </section>
  );
}
