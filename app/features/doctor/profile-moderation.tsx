import { useId } from 'react';
import { staffDecideProfile } from '../../../core/doctor/profile-calls';
import type { StaffProfileItem, StaffProfiles } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS, STAFF_PROFILES_PATH } from '../../../core/doctor/profile-edit';
import { useCall } from '../../lib/use-call';
import { DecisionControls } from './decision-controls';
import { ModerationQueue, type QueueTab, when } from './moderation-queue';

const REJECT_REASONS = [
  'На фото не видно лица',
  'Фото не соответствует требованиям: посторонние люди, надписи, логотипы',
  'Сведения не подтверждены документами',
  'Реклама или контакты в тексте о враче',
];

const search = (tab: QueueTab, page = 1) =>
  `${STAFF_PROFILES_PATH}?status=${tab}${page > 1 ? `&page=${page}` : ''}`;

const STATUS_TEXT: Record<string, string> = {
  pending: 'Ждёт проверки',
  approved: 'Одобрено',
  rejected: 'Отклонено',
  withdrawn: 'Отозвано',
};

/** One change: the doctor, who sent it, each field before → after, the photos, the decision. */
function ChangeCard({ item, onDone }: { item: StaffProfileItem; onDone: (text: string) => void }) {
  const send = useCall(staffDecideProfile);
  const uid = useId();

  async function decide(decision: 'approve' | 'reject', reason: string | null) {
    const outcome = await send.run({ params: { id: item.id }, body: { decision, reason } });
    if (!outcome.ok) return;
    onDone(
      decision === 'approve'
        ? `Изменения врача ${item.doctor.name} одобрены`
        : `Изменения врача ${item.doctor.name} отклонены`,
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
      {item.status !== 'pending' && (
        <p className={`mt-1 text-sm ${item.status === 'rejected' ? 'text-error' : 'text-success'}`}>
          {STATUS_TEXT[item.status]}
          {item.decidedAt ? ` ${when(item.decidedAt)}` : ''}
          {item.reason ? `: ${item.reason}` : ''}
        </p>
      )}
      {item.photoUrl && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <figure className="flex flex-col items-center gap-1">
            {item.currentPhotoUrl ? (
              <img
                src={item.currentPhotoUrl}
                alt="Фото сейчас"
                width={96}
                height={128}
                className="h-32 w-24 rounded-lg object-cover"
              />
            ) : (
              <span className="flex h-32 w-24 items-center justify-center rounded-lg bg-canvas text-ink-soft">
                нет фото
              </span>
            )}
            <figcaption className="text-ink-soft">Сейчас</figcaption>
          </figure>
          <span aria-hidden="true">→</span>
          <figure className="flex flex-col items-center gap-1">
            <img
              src={item.photoUrl}
              alt="Новое фото"
              width={96}
              height={128}
              className="h-32 w-24 rounded-lg object-cover"
            />
            <figcaption className="text-ink-soft">Новое</figcaption>
          </figure>
        </div>
      )}
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {item.changes
          .filter((c) => c.field !== 'photo')
          .map((c) => (
            <div key={c.field}>
              <dt className="font-medium">{c.label}</dt>
              <dd className="mt-0.5 grid gap-1 sm:grid-cols-[1fr_auto_1fr]">
                <span className="break-words text-ink-soft line-through decoration-ink-soft/40">
                  {c.before}
                </span>
                <span aria-hidden="true" className="hidden sm:inline">
                  →
                </span>
                <span className="break-words">
                  <span className="sr-only">станет: </span>
                  {c.after}
                </span>
              </dd>
            </div>
          ))}
      </dl>
      {item.status === 'pending' && (
        <DecisionControls
          approveLabel={PROFILE_TEXTS.approve}
          reasons={REJECT_REASONS}
          call={send}
          onApprove={() => void decide('approve', null)}
          onReject={(reason) => void decide('reject', reason)}
        />
      )}
    </li>
  );
}

/** The staff's queue of doctors' profile changes: pending (oldest first) and the history. */
export function ProfileModerationQueue({
  tab,
  page,
  queue,
}: {
  tab: QueueTab;
  page: number;
  queue: StaffProfiles;
}) {
  return (
    <ModerationQueue
      label="Изменения профилей"
      tab={tab}
      page={page}
      hrefOf={search}
      pendingCount={queue.pendingCount}
      items={queue.items}
      hasNext={queue.hasNext}
      emptyText={tab === 'pending' ? PROFILE_TEXTS.queueEmpty : PROFILE_TEXTS.historyEmpty}
      card={(item, onDone) => <ChangeCard key={item.id} item={item} onDone={onDone} />}
    />
  );
}
