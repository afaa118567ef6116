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
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { useSectionCalls } from './use-section-calls';

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
  const section = useSectionCalls({
    add: useCall(cabinetAddPromotion),
    set: useCall(cabinetSetPromotion),
    end: useCall(cabinetEndPromotion),
  });

  if (!state.available && state.upgrade) return <UpgradeNote id={id} upgrade={state.upgrade} />;

  async function submit() {
    const body = { ...draft, endsOn: draft.endsOn === '' ? null : draft.endsOn };
    const outcome =
      editing === null
        ? await section.run('add', { body }, T.promotionAdded)
        : await section.run('set', { params: { id: editing }, body }, T.promotionSaved);
    if (!outcome.ok) return;
    setState(outcome.reply);
    setEditing(null);
    setDraft(blank(outcome.reply.today));
  }

  async function end(promotionId: number) {
    const outcome = await section.run('end', { params: { id: promotionId } }, T.promotionEndedNow);
    if (!outcome.ok) return;
    setState(outcome.reply);
    if (editing === promotionId) {
      setEditing(null);
      setDraft(blank(outcome.reply.today));
    }
  }

  const set = (patch: Partial<Draft>) => {
    section.reset();
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
                <Button
                  variant="secondary"
                  disabled={section.busy}
                  aria-label={`${T.editPromotion}: ${p.title}`}
                  onClick={() => {
                    section.reset();
                    setEditing(p.id);
                    setDraft({ title: p.title, body: p.body, startsOn: p.startsOn, endsOn: p.endsOn ?? '' });
                  }}
                >
                  {T.editPromotion}
                </Button>
                <Button
                  variant="secondary"
                  disabled={section.busy}
                  aria-label={`${T.endPromotion}: ${p.title}`}
                  onClick={() => void end(p.id)}
                >
                  {T.endPromotion}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">{T.promotionsNone}</p>
      )}

      <Form
        call={section.form}
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-lg bg-canvas p-3"
        aria-label={editing === null ? T.addPromotion : T.editPromotion}
      >
        <h3 className="font-semibold">
          {editing === null ? T.addPromotion : `${T.editPromotion}: ${draft.title}`}
        </h3>
        <PromotionFields draft={draft} set={set} errors={section.form.fieldErrors} today={state.today} />
        <p className="text-sm text-ink-soft">{T.endsOnHint}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={section.busy}>
            {editing === null ? T.addPromotion : T.save}
          </Button>
          {editing !== null && (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setDraft(blank(state.today));
                section.reset();
              }}
            >
              {T.cancel}
            </Button>
          )}
          <FormStatus call={section.form} done={section.last?.done} />
        </div>
      </Form>

      <EndedList ended={state.ended} />
    </section>
  );
}

/** A promotion's title, text, first and last day, each with the server's message when refused. */
function PromotionFields({
  draft,
  set,
  errors,
  today,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: Record<string, string>;
  today: string;
}) {
  return (
    <>
      <Field label={T.title} error={errors.title}>
        {(control) => (
          <input
            {...control}
            type="text"
            name="promotion-title"
            required
            maxLength={L.titleMax}
            className={INPUT}
            value={draft.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
        )}
      </Field>
      <Field label={T.body} error={errors.body}>
        {(control) => (
          <textarea
            {...control}
            name="promotion-body"
            required
            maxLength={L.bodyMax}
            className={`${INPUT} min-h-24`}
            value={draft.body}
            onChange={(event) => set({ body: event.currentTarget.value })}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={T.startsOn} error={errors.startsOn}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="promotion-starts"
              required
              className={INPUT}
              value={draft.startsOn}
              onChange={(event) => set({ startsOn: event.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={T.endsOn} error={errors.endsOn}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="promotion-ends"
              min={today}
              className={INPUT}
              value={draft.endsOn}
              onChange={(event) => set({ endsOn: event.currentTarget.value })}
            />
          )}
        </Field>
      </div>
    </>
  );
}

/** Below Стандарт: what the version with promotions would give, instead of the editor. */
function UpgradeNote({ id, upgrade }: { id: string; upgrade: NonNullable<ClinicPromotions['upgrade']> }) {
  return (
    <section className="card mt-4 flex flex-col gap-2 p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.promotionsTitle}
      </h2>
      <p className="font-medium">{promotionsUpgradeText(upgrade.version)}</p>
      <p className="text-sm text-ink-soft">С версией «{SOFTWARE_VERSION_LABELS[upgrade.version]}» клиника:</p>
      <ul className="list-inside list-disc text-ink-soft">
        {upgrade.gains.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
    </section>
  );
}

/** 'Завершённые акции', folded. */
function EndedList({ ended }: { ended: CabinetPromotion[] }) {
  if (ended.length === 0) return null;
  return (
    <details className="rounded-lg border border-line p-3">
      <summary className="cursor-pointer font-medium">
        {T.endedTitle} ({ended.length})
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {ended.map((p) => (
          <li key={p.id} className="text-sm">
            <p className="font-medium break-words">{p.title}</p>
            <p className="text-xs text-muted">
              {day(p.startsOn)} — {p.endsOn ? day(p.endsOn) : ''}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}
