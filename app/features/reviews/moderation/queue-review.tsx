import { callPath } from '../../../../core/http/call';
import { reviewDocument } from '../../../../core/reviews/calls';
import type { QueueItem } from '../../../../core/reviews/moderation-contracts';
import { assessmentStars } from '../../../../core/reviews/rating';
import { FakeWarningControl } from './fake-warning-control';
import { ModerationActions, type ModerationChoice } from './moderation-actions';
import { STATUS_TITLE, when } from './queue-labels';

type ReviewAction = ModerationChoice<'publish' | 'unconfirm' | 'resolve' | 'delete'>;

/** The actions a review in its state allows: never its own state; only a complaint is resolved. */
function actionsOf(item: QueueItem): ReviewAction[] {
  return [
    item.status !== 'published' && { action: 'publish', title: 'Опубликовать' },
    item.status !== 'unconfirmed' && { action: 'unconfirm', title: 'Не подтверждён' },
    item.status !== 'resolved' &&
      item.sentiment !== 'positive' && { action: 'resolve', title: 'Проблема решена' },
    item.status !== 'deleted' && { action: 'delete', title: 'Удалить', danger: true },
  ].filter((a): a is ReviewAction => Boolean(a));
}

/** One review of the queue: its subject, author, marks, text, documents, answers and history. */
export function QueueReview({
  item,
  onDone,
  selected,
  onSelect,
}: {
  item: QueueItem;
  onDone: (message: string) => void;
  /** Ticked for a bulk decision (queue-filters.tsx); no box without `onSelect`. */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
}) {
  return (
    <li className="card p-4 sm:p-5" id={`review-${item.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          {onSelect && (
            <input
              type="checkbox"
              aria-label={`Выбрать отзыв № ${item.id}`}
              checked={selected ?? false}
              onChange={(e) => onSelect(e.target.checked)}
              className="mr-2 align-middle"
            />
          )}
          <span className="text-sm text-ink-soft">
            {item.subject.kind === 'doctor' ? 'Врач' : 'Клиника'}:{' '}
          </span>
          <a href={item.subject.url} className="font-semibold text-brand hover:underline">
            {item.subject.name}
          </a>
        </p>
        <p className="text-sm text-ink-soft">
          № {item.id} · {when(item.createdAt)}
        </p>
      </div>
      <FakeWarningControl subject={item.subject} onDone={onDone} />
      <p className="mt-1 text-sm">
        {item.authorName}
        {item.isAnonymous && ' (просит опубликовать анонимно)'}
        {item.userId === null && ' · без входа на сайт'}
        {item.viaPortal && ' · запись через сервис'}
        {item.visitDate && ` · приём: ${item.visitDate.slice(0, 7)}`}
      </p>
      {item.assessments.length > 0 && (
        <dl className="mt-2 grid gap-x-4 text-sm sm:grid-cols-2">
          {item.assessments.map((a) => (
            <div key={a.name} className="flex justify-between gap-2">
              <dt>{a.name}</dt>
              <dd>{assessmentStars(a.value) === null ? '—' : `${assessmentStars(a.value)} из 5`}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 whitespace-pre-line">{item.text}</p>
      {item.deletedReason && (
        <p className="mt-2 text-sm text-error">Причина удаления: {item.deletedReason}</p>
      )}
      {item.documents.length > 0 && (
        <div className="mt-2 text-sm">
          <p className="font-medium">Документы (видны только модераторам):</p>
          <ul className="list-disc pl-5">
            {item.documents.map((d) => (
              <li key={d.id}>
                <a href={callPath(reviewDocument.path, { id: d.id })} className="text-brand underline">
                  {d.fileName}
                </a>{' '}
                <span className="text-muted">({Math.ceil(d.size / 1024)} КБ)</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.replies.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {item.replies.map((r) => (
            <li key={r.id} className="rounded-lg bg-canvas p-2">
              {r.authorKind === 'doctor' ? 'Ответ врача' : 'Ответ клиники'} (
              {STATUS_TITLE[r.status] ?? r.status}
              ): {r.text}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-ink-soft">История ({item.history.length})</summary>
        <ol className="mt-1 flex flex-col gap-1">
          {item.history.map((h) => (
            <li key={`${h.at}-${h.toStatus}-${h.replyId ?? ''}`}>
              {when(h.at)} · {h.replyId ? 'ответ: ' : ''}
              {h.fromStatus ? `${STATUS_TITLE[h.fromStatus] ?? h.fromStatus} → ` : 'создан → '}
              {STATUS_TITLE[h.toStatus] ?? h.toStatus}
              {h.reason ? ` · ${h.reason}` : ''}
              {h.actor ? ` · ${h.actor}` : ''}
            </li>
          ))}
        </ol>
      </details>
      <ModerationActions target={{ kind: 'review', id: item.id, actions: actionsOf(item) }} onDone={onDone} />
    </li>
  );
}
