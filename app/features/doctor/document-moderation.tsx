import { useId } from 'react';
import { staffDecideDocument } from '../../../core/doctor/document-calls';
import type { StaffDocument, StaffDocuments } from '../../../core/doctor/document-contracts';
import { DOCUMENT_TEXTS } from '../../../core/doctor/document-scans';
import { STAFF_PROFILES_PATH } from '../../../core/doctor/profile-edit';
import { useCall } from '../../lib/use-call';
import { DecisionControls } from './decision-controls';
import { ModerationQueue, type QueueTab, when } from './moderation-queue';

const REJECT_REASONS = [
  'Скан нечитаем: сфотографируйте документ целиком при хорошем свете',
  'ФИО в документе не совпадает с профилем',
  'Это другой документ',
  'Срок действия сертификата истёк',
];

export const documentsSearch = (tab: QueueTab, page = 1) =>
  `${STAFF_PROFILES_PATH}?section=documents&status=${tab}${page > 1 ? `&page=${page}` : ''}`;

/** One scan: the doctor, the kind, who sent it and when, the file, the decision. */
function DocumentCard({ item, onDone }: { item: StaffDocument; onDone: (text: string) => void }) {
  const send = useCall(staffDecideDocument);
  const uid = useId();

  async function decide(decision: 'accept' | 'reject', reason: string | null) {
    const outcome = await send.run({ params: { id: item.id }, body: { decision, reason } });
    if (!outcome.ok) return;
    onDone(
      decision === 'accept'
        ? `Документ врача ${item.doctor.name} принят`
        : `Документ врача ${item.doctor.name} отклонён`,
    );
  }

  return (
    <li className="card p-4" aria-labelledby={`${uid}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <a id={`${uid}-name`} href={item.doctor.url} className="font-semibold text-brand hover:underline">
          {item.doctor.name}
        </a>
        <span className="text-sm text-ink-soft">
          {item.authorRole === 'clinic' ? 'Клиника' : 'Врач'}, {when(item.createdAt)}
        </span>
      </div>
      <p className="mt-1 font-medium">{item.label}</p>
      {item.status !== 'pending' && (
        <p className={`mt-1 text-sm ${item.status === 'rejected' ? 'text-error' : 'text-success'}`}>
          {item.statusText}
          {item.decidedAt ? `, ${when(item.decidedAt)}` : ''}
        </p>
      )}
      <div className="mt-3">
        {item.format === 'image' ? (
          <a href={item.fileUrl} target="_blank" rel="noopener" className="inline-block">
            <img
              src={item.fileUrl}
              alt={`${item.label}: скан`}
              loading="lazy"
              className="max-h-72 max-w-full rounded-lg border border-line bg-canvas object-contain"
            />
            <span className="mt-1 block text-sm text-brand hover:underline">{DOCUMENT_TEXTS.open}</span>
          </a>
        ) : (
          <a
            href={item.fileUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm text-brand hover:bg-canvas"
          >
            <span aria-hidden="true" className="rounded bg-error-soft px-1.5 text-xs font-bold text-error">
              PDF
            </span>
            {DOCUMENT_TEXTS.open}
          </a>
        )}
      </div>
      {item.status === 'pending' && (
        <DecisionControls
          approveLabel={DOCUMENT_TEXTS.accept}
          reasons={REJECT_REASONS}
          call={send}
          onApprove={() => void decide('accept', null)}
          onReject={(reason) => void decide('reject', reason)}
        />
      )}
    </li>
  );
}

/** The staff's queue of scans for the 'Документы проверены' marks: pending (oldest first) and the history. */
export function DocumentModerationQueue({
  tab,
  page,
  queue,
}: {
  tab: QueueTab;
  page: number;
  queue: StaffDocuments;
}) {
  return (
    <ModerationQueue
      label="Документы врачей"
      tab={tab}
      page={page}
      hrefOf={documentsSearch}
      pendingCount={queue.pendingCount}
      items={queue.items}
      hasNext={queue.hasNext}
      emptyText={tab === 'pending' ? DOCUMENT_TEXTS.queueEmpty : DOCUMENT_TEXTS.historyEmpty}
      card={(item, onDone) => <DocumentCard key={item.id} item={item} onDone={onDone} />}
    />
  );
}
