import { type ReactNode, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { staffDecideProfile } from '../../../core/doctor/profile-calls';
import type { StaffProfileItem, StaffProfiles } from '../../../core/doctor/profile-contracts';
import { PROFILE_TEXTS, STAFF_PROFILES_PATH } from '../../../core/doctor/profile-edit';
import { PrevNextPager } from '../../components/ui/pagination';
import { api, isApiError, SERVER_ERROR } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

const TABS = [
  ['pending', 'На проверке'],
  ['decided', 'История решений'],
] as const;
export type QueueTab = (typeof TABS)[number][0];
type Tab = QueueTab;

/** A queue's tabs: what waits (with its count) and the history of decisions. */
export function QueueTabs({
  label,
  tab,
  hrefOf,
  pendingCount,
}: {
  label: string;
  tab: QueueTab;
  hrefOf: (tab: QueueTab) => string;
  pendingCount: number;
}) {
  return (
    <nav aria-label={label} className="-mx-4 mt-4 overflow-x-auto px-4">
      <ul className="flex gap-2 whitespace-nowrap text-sm">
        {TABS.map(([t, title]) => (
          <li key={t}>
            <Link
              to={hrefOf(t)}
              aria-current={t === tab ? 'page' : undefined}
              className="inline-block rounded-full border border-line px-3 py-1.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
            >
              {title}
              {t === 'pending' ? ` ${pendingCount}` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const REJECT_REASONS = [
  'На фото не видно лица',
  'Фото не соответствует требованиям: посторонние люди, надписи, логотипы',
  'Сведения не подтверждены документами',
  'Реклама или контакты в тексте о враче',
];

const search = (tab: Tab, page = 1) =>
  `${STAFF_PROFILES_PATH}?status=${tab}${page > 1 ? `&page=${page}` : ''}`;

/** A decision's or a submission's moment as staff read it ('28 ноября в 06:50', Moscow time). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Moscow',
  });

const STATUS_TEXT: Record<string, string> = {
  pending: 'Ждёт проверки',
  approved: 'Одобрено',
  rejected: 'Отклонено',
  withdrawn: 'Отозвано',
};

/**
 * The decision buttons of a queue item: the approving one, and 'Отклонить', which opens the form
 * asking for a reason (typed, or one of the usual ones). Profile changes and document scans share it.
 */
export function DecisionControls({
  approveLabel,
  reasons,
  busy,
  onApprove,
  onReject,
}: {
  approveLabel: string;
  /** The usual reasons, offered as the field's suggestions. */
  reasons: readonly string[];
  busy: boolean;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const uid = useId();
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={!hydrated || busy}
          onClick={onApprove}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {approveLabel}
        </button>
        <button
          type="button"
          disabled={!hydrated || busy}
          aria-expanded={rejecting}
          onClick={() => setRejecting((r) => !r)}
          className="rounded-lg border border-error px-4 py-2 text-sm font-medium text-error hover:bg-error/10 disabled:opacity-60"
        >
          {PROFILE_TEXTS.reject}
        </button>
      </div>
      {rejecting && (
        <form
          className="mt-3 flex flex-col gap-2 rounded-lg bg-canvas p-3"
          onSubmit={(e) => {
            e.preventDefault();
            onReject(reason);
          }}
        >
          <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
            Причина отказа
          </label>
          <input
            id={`${uid}-reason`}
            list={`${uid}-reasons`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-lg border border-line bg-white px-3 py-2"
          />
          <datalist id={`${uid}-reasons`}>
            {reasons.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
          <button
            type="submit"
            disabled={busy}
            className="self-start rounded-lg bg-error px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
          >
            Отклонить с этой причиной
          </button>
        </form>
      )}
    </div>
  );
}

/** One change: the doctor, who sent it, each field before → after, the photos, the decision. */
function ChangeCard({ item, onDone }: { item: StaffProfileItem; onDone: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uid = useId();

  async function decide(decision: 'approve' | 'reject', reason: string | null) {
    setBusy(true);
    setError('');
    try {
      await api.send(staffDecideProfile, {
        params: { id: item.id },
        body: { decision, reason },
      });
      onDone(
        decision === 'approve'
          ? `Изменения врача ${item.doctor.name} одобрены`
          : `Изменения врача ${item.doctor.name} отклонены`,
      );
    } catch (err) {
      setError(isApiError(err) ? err.detail : SERVER_ERROR);
    } finally {
      setBusy(false);
    }
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
          busy={busy}
          onApprove={() => void decide('approve', null)}
          onReject={(reason) => void decide('reject', reason)}
        />
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * A staff queue (profile changes, document scans): its tabs, the last decision's note, the
 * items as cards (or the empty text) and the pager; a decision refreshes the page's data.
 */
export function ModerationQueue<T extends { id: number }>({
  label,
  tab,
  page,
  hrefOf,
  pendingCount,
  items,
  hasNext,
  emptyText,
  card,
}: {
  label: string;
  tab: QueueTab;
  page: number;
  hrefOf: (tab: QueueTab, page?: number) => string;
  pendingCount: number;
  items: T[];
  hasNext: boolean;
  emptyText: string;
  card: (item: T, onDone: (text: string) => void) => ReactNode;
}) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');
  const done = (text: string) => {
    setNotice(text);
    void revalidator.revalidate();
  };
  return (
    <>
      <QueueTabs label={label} tab={tab} hrefOf={(t) => hrefOf(t)} pendingCount={pendingCount} />
      <p role="status" className="mt-3 min-h-6 text-sm text-success">
        {notice}
      </p>
      {items.length === 0 ? (
        <p className="card p-6 text-center text-ink-soft">{emptyText}</p>
      ) : (
        <ul className="flex flex-col gap-3">{items.map((item) => card(item, done))}</ul>
      )}
      <PrevNextPager
        prev={page > 1 ? hrefOf(tab, page - 1) : null}
        next={hasNext ? hrefOf(tab, page + 1) : null}
      />
    </>
  );
}

/** The staff's queue of doctors' profile changes: pending (oldest first) and the history. */
export function ProfileModerationQueue({
  tab,
  page,
  queue,
}: {
  tab: Tab;
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
