import type { VisitType } from '../../../core/booking/urls';
import type { Hours, HoursPlace, PendingHours } from '../../../core/cabinet/contracts';
import {
  type DayHours,
  dayLong,
  HOURS_AHEAD_DAYS,
  HOURS_TEXTS,
  hoursRefusal,
  hoursStartRefusal,
  SLOT_MINUTES_CHOICES,
  WEEKDAY_FULL,
  WEEKDAY_SHORT,
} from '../../../core/cabinet/hours';
import { VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { addDays } from '../../../core/schedule/free-slots';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { IntervalsInput, SlotMinutesField } from './intervals-input';

/** The weekly hours as the form holds them: the week, the slot length, the day they start. */
export interface HoursDraft {
  week: DayHours[];
  slot: number;
  validFrom: string;
}

export const draftOf = (hours: Hours): HoursDraft => ({
  week: hours.week,
  slot: slotOf(hours.slotMinutes),
  validFrom: hours.today,
});

/** The form's own check before it sends: the first thing wrong (a weekday's named). */
export function draftRefusal(draft: HoursDraft, today: string): string | null {
  const refusal = hoursRefusal(draft.week, draft.slot);
  if (refusal)
    return refusal.weekday ? `${WEEKDAY_FULL[refusal.weekday - 1]}: ${refusal.detail}` : refusal.detail;
  return hoursStartRefusal(draft.validFrom, today)?.detail ?? null;
}

/** Whose hours a call reads: a clinic names its doctor, a doctor his clinic. */
export const queryOf = (
  clinic: boolean,
  place: { doctorId: number; clinicId: number },
  type?: VisitType,
) => ({
  ...(clinic ? { doctor: place.doctorId } : { clinic: place.clinicId }),
  ...(type ? { type } : {}),
});

/** Whose hours a change is of, or null while the account has none to change. */
export const placeBodyOf = (data: Hours) =>
  !data.place || !data.visitType
    ? null
    : {
        ...(data.clinicId !== null ? { doctor_id: data.place.doctorId } : { clinic_id: data.place.clinicId }),
        visit_type: data.visitType,
      };

export const placeKey = (p: HoursPlace) => `${p.doctor.id}:${p.clinic.id}`;

/** A slot length the form offers (30 minutes for one it does not). */
export const slotOf = (minutes: number | null) =>
  minutes !== null && (SLOT_MINUTES_CHOICES as readonly number[]).includes(minutes) ? minutes : 30;

/**
 * Whose hours (a clinic picks its doctor, a doctor his clinic), of which visit type, the slot
 * length and 'Действуют с'.
 */
export function HoursPlaceFields({
  places,
  current,
  visitType,
  clinic,
  draft,
  today,
  busy,
  onPlace,
  onType,
  onSlot,
  onFrom,
}: {
  places: readonly HoursPlace[];
  current: HoursPlace;
  visitType: VisitType;
  clinic: boolean;
  draft: HoursDraft;
  today: string;
  busy: boolean;
  onPlace: (place: HoursPlace) => void;
  onType: (type: VisitType) => void;
  onSlot: (minutes: number) => void;
  onFrom: (day: string) => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Field label={clinic ? HOURS_TEXTS.doctor : HOURS_TEXTS.clinic} className="min-w-0">
        {(control) => (
          <select
            {...control}
            value={placeKey(current)}
            disabled={busy}
            onChange={(e) => {
              const place = places.find((p) => placeKey(p) === e.target.value);
              if (place) onPlace(place);
            }}
            className={`${INPUT} max-w-full`}
          >
            {places.map((p) => (
              <option key={placeKey(p)} value={placeKey(p)}>
                {clinic ? p.doctor.name : p.clinic.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={HOURS_TEXTS.visitType}>
        {(control) => (
          <select
            {...control}
            value={visitType}
            disabled={busy || current.visitTypes.length < 2}
            onChange={(e) => onType(e.target.value as VisitType)}
            className={INPUT}
          >
            {current.visitTypes.map((type) => (
              <option key={type} value={type}>
                {VISIT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SlotMinutesField value={draft.slot} disabled={busy} onChange={onSlot} />
      <Field label={HOURS_TEXTS.validFrom}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={draft.validFrom}
            min={today}
            max={addDays(today, HOURS_AHEAD_DAYS)}
            disabled={busy}
            onChange={(e) => onFrom(e.target.value)}
            className={INPUT}
          />
        )}
      </Field>
    </div>
  );
}

/** 'Запланированные изменения': each coming change, to show in the form or to withdraw. */
export function PendingChanges({
  pending,
  busy,
  onShow,
  onWithdraw,
}: {
  pending: readonly PendingHours[];
  busy: boolean;
  onShow: (change: PendingHours) => void;
  onWithdraw: (validFrom: string) => void;
}) {
  if (pending.length === 0) return null;
  return (
    <section aria-label={HOURS_TEXTS.pendingTitle} className="rounded-lg bg-canvas p-3 text-sm">
      <h3 className="font-medium">{HOURS_TEXTS.pendingTitle}</h3>
      <ul className="mt-1 flex flex-col gap-2">
        {pending.map((change) => (
          <li
            key={change.validFrom}
            data-pending={change.validFrom}
            className="flex flex-wrap items-center gap-x-3 gap-y-1"
          >
            <span>
              С {dayLong(change.validFrom)}: {HOURS_TEXTS.pendingLine}
            </span>
            <Button variant="small" disabled={busy} onClick={() => onShow(change)}>
              {HOURS_TEXTS.showPending}
            </Button>
            <Button variant="small" disabled={busy} onClick={() => onWithdraw(change.validFrom)}>
              {HOURS_TEXTS.withdraw}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The seven weekdays, each closed or open in its intervals. */
export function WeekRows({
  week,
  onChange,
}: {
  week: readonly DayHours[];
  onChange: (weekday: number, intervals: DayHours['intervals']) => void;
}) {
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label="Дни недели">
      {week.map((day) => {
        const name = WEEKDAY_FULL[day.weekday - 1];
        return (
          <li key={day.weekday} className="flex items-start gap-3 py-2" data-weekday={day.weekday}>
            <span className="w-8 pt-1.5 font-medium" title={name}>
              <span aria-hidden="true">{WEEKDAY_SHORT[day.weekday - 1]}</span>
              <span className="sr-only">{name}</span>
            </span>
            <IntervalsInput
              name={name}
              intervals={day.intervals}
              closedText={HOURS_TEXTS.closed}
              onChange={(intervals) => onChange(day.weekday, intervals)}
            />
          </li>
        );
      })}
    </ul>
  );
}
