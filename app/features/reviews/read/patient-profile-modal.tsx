import { useEffect, useState } from 'react';
import { patientProfile } from '../../../../core/reviews/calls';
import type { PatientProfile, TrustCriterion } from '../../../../core/reviews/contracts';
import { trustVerdict } from '../../../../core/reviews/trust';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { useHashModal } from '../../../lib/use-hash-state';

/** The source line names 'Продокторов' (the brand flag picks another product name). */
const SOURCE_NAME = 'Продокторов';
const LOAD_ERROR = 'Не удалось загрузить профиль пациента. Попробуйте ещё раз.';

export type PatientKind = 'patient' | 'mobile';

/** One request per patient and page life; a failed one is forgotten so that reopening retries. */
const cache = new Map<string, Promise<PatientProfile>>();

function loadProfile(kind: PatientKind, id: string): Promise<PatientProfile> {
  const key = `${kind}:${id}`;
  let pending = cache.get(key);
  if (!pending) {
    const query = kind === 'mobile' ? { patient_mobile_id: id } : { patient_id: id };
    pending = api.send(patientProfile, { query });
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

interface Target {
  kind: PatientKind;
  id: string;
}

const OPENER = 'button[data-patient-profile][disabled]';

function enableOpeners(root: Element | Document): void {
  if (root instanceof Element && root.matches(OPENER)) (root as HTMLButtonElement).disabled = false;
  for (const button of root.querySelectorAll<HTMLButtonElement>(OPENER)) button.disabled = false;
}

/**
 * Mount once on a page with review cards: any `[data-patient-profile="{patient id}"]` element
 * (the author button of a card; `data-patient-kind="mobile"` for an app id) opens the author's
 * trust profile. One document listener serves the server's cards and the ones loaded later.
 */
export function PatientProfileHost() {
  const [hashOpen, setHashOpen] = useHashModal('patient-profile');
  const [target, setTarget] = useState<Target | null>(null);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const opener = (event.target as Element | null)?.closest?.('[data-patient-profile]');
      const id = opener?.getAttribute('data-patient-profile') ?? '';
      if (!opener || !/^\d{1,9}$/.test(id)) return;
      event.preventDefault();
      const kind = opener.getAttribute('data-patient-kind') === 'mobile' ? 'mobile' : 'patient';
      setTarget({ kind, id });
      setHashOpen(true);
    }
    document.addEventListener('click', onClick);
    // The cards' author buttons come disabled from the server (cards-html.ts): they work from now
    // on, and so do those of the cards that arrive later ('Показать ещё отзывы', a filter).
    enableOpeners(document);
    const arrivals = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) enableOpeners(node);
    });
    arrivals.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('click', onClick);
      arrivals.disconnect();
    };
  }, [setHashOpen]);

  return (
    <PatientProfileModal open={hashOpen && target !== null} onOpenChange={setHashOpen} target={target} />
  );
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; profile: PatientProfile };

/**
 * 'Доверие к профилю': full screen on phones, a 400 px side panel on
 * desktop. The trust percent and verdict, the criteria met and not met, the review counts with
 * a bar of the positive share, and the number of visits booked through the service.
 */
export function PatientProfileModal({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: Target | null;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!open || !target) return;
    let live = true;
    setState({ kind: 'loading' });
    loadProfile(target.kind, target.id).then(
      (profile) => live && setState({ kind: 'ready', profile }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [open, target]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Доверие к профилю"
      description={`По данным ${SOURCE_NAME}`}
      showDescription
      mobile="fullscreen"
      desktop="side"
      width={400}
      footer={
        <ModalClose className="w-full rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark sm:w-auto">
          Закрыть
        </ModalClose>
      }
    >
      {state.kind === 'loading' && (
        <p role="status" className="py-6 text-center text-ink-soft">
          Загрузка…
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="py-6 text-center text-error">
          {LOAD_ERROR}
        </p>
      )}
      {state.kind === 'ready' && <ProfileBody profile={state.profile} />}
    </Modal>
  );
}

function ProfileBody({ profile: p }: { profile: PatientProfile }) {
  const met = p.trust_criteria.filter((c) => c.can_trust);
  const unmet = p.trust_criteria.filter((c) => !c.can_trust);
  const total = p.count_rates_positive + p.count_rates_negative;
  const positiveShare = total > 0 ? Math.round((p.count_rates_positive / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-5 text-sm" data-testid="patient-profile">
      <div
        className={`rounded-[var(--radius-card)] p-4 ${p.can_trust ? 'bg-success-soft text-success' : 'bg-canvas text-warning'}`}
      >
        <p className="text-3xl font-bold">{p.trust_percent}%</p>
        <p className="mt-1 text-base font-semibold">{trustVerdict(p.can_trust)}</p>
      </div>

      {met.length > 0 && <CriteriaList title="Подтверждено" items={met} ok />}
      {unmet.length > 0 && <CriteriaList title="Не подтверждено" items={unmet} ok={false} />}

      <section aria-labelledby="patient-profile-reviews">
        <h3 id="patient-profile-reviews" className="font-semibold">
          Отзывы
        </h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
          <Count term="Положительные" value={p.count_rates_positive} />
          <Count term="Отрицательные" value={p.count_rates_negative} />
          <Count term="Всего" value={total} />
        </dl>
        <div
          role="progressbar"
          aria-label="Доля положительных отзывов"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={positiveShare}
          className={`mt-2 h-2 overflow-hidden rounded-full ${total > 0 ? 'bg-error-soft' : 'bg-line'}`}
        >
          <div className="h-full rounded-full bg-success" style={{ width: `${positiveShare}%` }} />
        </div>
      </section>

      <p className="flex justify-between gap-2 border-t border-line pt-3">
        <span>Записи через сервис</span>
        <span className="font-semibold">{p.count_appointments > 0 ? p.count_appointments : 'Нет'}</span>
      </p>
    </div>
  );
}

function CriteriaList({ title, items, ok }: { title: string; items: TrustCriterion[]; ok: boolean }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 flex flex-col gap-1.5">
        {items.map((c) => (
          <li key={c.title} className="flex items-start gap-2">
            <span aria-hidden="true" className={ok ? 'text-success' : 'text-error'}>
              {ok ? '✓' : '✕'}
            </span>
            {c.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-lg bg-canvas px-2 py-2">
      <dt className="text-xs text-ink-soft">{term}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
