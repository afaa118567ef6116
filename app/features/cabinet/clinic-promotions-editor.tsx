import { useId, useState } from 'react';
import { cabinetAddPromotion, cabinetEndPromotion, cabinetSetPromotion } from '../../../core/cabinet/calls';
import type { CabinetPromotion, ClinicPromotions } from '../../../core/cabinet/clinic-page-contracts';
import {
  CLINIC_PAGE_LIMITS as L,
  promotionsUpgradeText,
  CLINIC_PAGE_TEXTS as T,
} from '../../../core/clinic/page-editor';
import { formatLongDate } from '../../../core/dates/zoned';
import { SOFTWARE_VERSION_LABELS } from '../../../core/directory/software-version';
import { api } from '../../lib/api';
import { FIELD, PRIMARY, SECONDARY, StatusNote, useSave } from './clinic-page-form';

type Draft = { title: string; body: string; startsOn: string; endsOn: string };
const blank = (today: string): Draft => ({ title: '', body: '', startsOn: today, endsOn: '' });
const day = (d: string) => formatLongDate(d, 'UTC');

function period(p: CabinetPromotion, today: string): string {
  const from = p.startsOn > today ? `${T.upcoming} ${day(p.startsOn)}` : `с ${day(p.startsOn)}`;
  return p.endsOn ? `${from} ${T.until} ${day(p.endsOn)}` : `${from}. ${T.noEnd}`;
}

/** 'Акции' in the clinic's cabinet: current and upcoming ones to edit or end, the ended ones; below Стандарт, what Стандарт gives. */
export function ClinicPromotionsEditor({ promotions }: { promotions: ClinicPromotions }) {
  const id = useId();
  const [state, setState] = useState(promotions);
  const [draft, setDraft] = useState<Draft>(blank(promotions.today));
  const [editing, setEditing] = useState<number | null>(null);
  const { busy, note, setNote, run } = useSave();

  if (!state.available && state.upgrade) {
    return (
      <section className="card mt-4 flex flex-col gap-2 p-5" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {T.promotionsTitle}
        </h2>
        <p className="font-medium">{promotionsUpgradeText(state.upgrade.version)}</p>
        <p className="text-sm text-ink-soft">
          С версией «{SOFTWARE_VERSION_LABELS[state.upgrade.version]}» клиника:
        </p>
        <ul className="list-inside list-disc text-ink-soft">
          {state.upgrade.gains.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      </section>
    );
  }

  async function submit() {
    const body = {
      title: draft.title,
      body: draft.body,
      startsOn: draft.startsOn,
      endsOn: draft.endsOn === '' ? null : draft.endsOn,
    };
    const saved = await run(
      () =>
        editing === null
          ? api.send(cabinetAddPromotion, { body })
          : api.send(cabinetSetPromotion, { params: { id: editing }, body }),
      editing === null ? T.promotionAdded : T.promotionSaved,
    );
    if (saved) {
      setState(saved);
      setEditing(null);
      setDraft(blank(saved.today));
    }
  }

  async function end(promotionId: number) {
    const saved = await run(
      () => api.send(cabinetEndPromotion, { params: { id: promotionId } }),
      T.promotionEndedNow,
    );
    if (saved) {
      setState(saved);
      if (editing === promotionId) {
        setEditing(null);
        setDraft(blank(saved.today));
      }
    }
  }

  const set = (patch: Partial<Draft>) => {
    setNote(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  return (
    <section className="card mt-4 flex flex-col gap-3 p-5" aria-labelledby={`${id}-h`}>
      <div>
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {T.promotionsTitle}
        </h2>
        <p className="text-sm text-ink-soft">{T.promotionsLead}</p>
      </div>
      {state.current.length ? (
        <ul className="flex flex-col gap-2" aria-label={T.promotionsTitle}>
          {state.current.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-2 rounded-lg bg-accent-soft p-3 sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{p.title}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-soft">{p.body}</p>
                <p className="mt-1 text-xs text-muted">{period(p, state.today)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  className={SECONDARY}
                  disabled={busy}
                  aria-label={`${T.editPromotion}: ${p.title}`}
                  onClick={() => {
                    setNote(null);
                    setEditing(p.id);
                    setDraft({ title: p.title, body: p.body, startsOn: p.startsOn, endsOn: p.endsOn ?? '' });
                  }}
                >
                  {T.editPromotion}
                </button>
                <button
                  type="button"
                  className={SECONDARY}
                  disabled={busy}
                  aria-label={`${T.endPromotion}: ${p.title}`}
                  onClick={() => void end(p.id)}
                >
                  {T.endPromotion}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{T.promotionsNone}</p>
      )}

      <form
        className="flex flex-col gap-3 rounded-lg bg-canvas p-3"
        aria-label={editing === null ? T.addPromotion : T.editPromotion}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h3 className="font-semibold">
          {editing === null ? T.addPromotion : `${T.editPromotion}: ${draft.title}`}
        </h3>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{T.title}</span>
          <input
            type="text"
            name="promotion-title"
            required
            maxLength={L.titleMax}
            className={FIELD}
            value={draft.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{T.body}</span>
          <textarea
            name="promotion-body"
            required
            maxLength={L.bodyMax}
            className={`${FIELD} min-h-24`}
            value={draft.body}
            onChange={(event) => set({ body: event.currentTarget.value })}
          />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">{T.startsOn}</span>
            <input
              type="date"
              name="promotion-starts"
              required
              className={FIELD}
              value={draft.startsOn}
              onChange={(event) => set({ startsOn: event.currentTarget.value })}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{T.endsOn}</span>
            <input
              type="date"
              name="promotion-ends"
              min={state.today}
              className={FIELD}
              value={draft.endsOn}
              onChange={(event) => set({ endsOn: event.currentTarget.value })}
            />
          </label>
        </div>
        <p className="text-sm text-ink-soft">{T.endsOnHint}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={PRIMARY} disabled={busy}>
            {editing === null ? T.addPromotion : T.save}
          </button>
          {editing !== null && (
            <button
              type="button"
              className={SECONDARY}
              onClick={() => {
                setEditing(null);
                setDraft(blank(state.today));
                setNote(null);
              }}
            >
              {T.cancel}
            </button>
          )}
          <StatusNote note={note} />
        </div>
      </form>

      {state.ended.length > 0 && (
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer font-medium">
            {T.endedTitle} ({state.ended.length})
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {state.ended.map((p) => (
              <li key={p.id} className="text-sm">
                <p className="font-medium break-words">{p.title}</p>
                <p className="text-xs text-muted">
                  {day(p.startsOn)} — {p.endsOn ? day(p.endsOn) : ''}
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
