import { useState } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import {
  cabinetHours,
  cabinetSetBooking,
  cabinetSetHours,
  cabinetWithdrawHours,
} from '../../../core/cabinet/calls';
import type { Hours, HoursPlace, PendingHours } from '../../../core/cabinet/contracts';
import { dayLong, HOURS_TEXTS } from '../../../core/cabinet/hours';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { DatedHoursEditor } from './dated-hours-editor';
import {
  draftOf,
  draftRefusal,
  type HoursDraft,
  HoursPlaceFields,
  PendingChanges,
  placeBodyOf,
  queryOf,
  slotOf,
  WeekRows,
} from './hours-parts';
import { problemOf, ScheduleForm, statusOf } from './schedule-form';
import { type CancelFields, canceledNote, useAffectedVisits, VisitsToCancel } from './visits-to-cancel';

/**
 * 'Часы приёма': a doctor's weekly hours at a clinic for one visit type (a clinic picks its
 * doctor, a doctor his clinic), each weekday closed or open in up to four intervals, and the
 * slot length. Saved from the day chosen ('Действуют с', today by default); the coming changes
 * are listed and may be shown or withdrawn. Booked visits a change would drop come back from the
 * server as a refusal and are cancelled only when the administrator says so, with a reason.
 * Below it, the same place's dates with their own hours.
 */
export function HoursEditor({ initial }: { initial: Hours }) {
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const reading = useCall(cabinetHours);
  const saving = useCall(cabinetSetHours);
  const withdrawing = useCall(cabinetWithdrawHours);
  /** The visits outside the new hours. */
  const outside = useAffectedVisits<null>();
  /** A withdrawal refused for the visits booked under the change (the step: its day). */
  const kept = useAffectedVisits<string>();
  /** The form's own check of the hours. */
  const [check, setCheck] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const busy = reading.busy || saving.busy || withdrawing.busy;
  const clinic = data.clinicId !== null;
  const current = data.places.find(
    (p) => data.place && p.doctor.id === data.place.doctorId && p.clinic.id === data.place.clinicId,
  );

  /** A new step: the last one's messages go. */
  function begin() {
    setCheck(null);
    setNote('');
    reading.reset();
    saving.reset();
    withdrawing.reset();
  }

  /** Shows another place or visit type: its hours in force. */
  async function load(place: HoursPlace, type?: VisitType) {
    begin();
    outside.drop();
    kept.drop();
    const outcome = await reading.run({
      query: queryOf(clinic, { doctorId: place.doctor.id, clinicId: place.clinic.id }, type),
    });
    if (!outcome.ok) return;
    setData(outcome.reply);
    setDraft(draftOf(outcome.reply));
  }

  /** The same place read again (its coming changes and dates), the form left as it is. */
  async function refresh(): Promise<Hours | null> {
    if (!data.place || !data.visitType) return null;
    const outcome = await reading.run({ query: queryOf(clinic, data.place, data.visitType) });
    if (!outcome.ok) return null;
    setData(outcome.reply);
    return outcome.reply;
  }

  /** A coming change in the form, to look at or to change. */
  function show(change: PendingHours) {
    begin();
    outside.drop();
    kept.drop();
    setDraft({ week: change.week, slot: slotOf(change.slotMinutes), validFrom: change.validFrom });
  }

  /** A change of the form: a refusal for its visits no longer holds. */
  function edit(change: Partial<HoursDraft>, keepNote = false) {
    setDraft((d) => ({ ...d, ...change }));
    outside.drop();
    if (!keepNote) setNote('');
  }

  async function save(cancel?: CancelFields) {
    const place = placeBodyOf(data);
    if (!place) return;
    begin();
    const refused = draftRefusal(draft, data.today);
    if (refused) {
      setCheck(refused);
      return;
    }
    const outcome = await saving.run({
      body: { ...place, slot_minutes: draft.slot, week: draft.week, valid_from: draft.validFrom, ...cancel },
    });
    if (!outcome.ok) {
      outside.hold(outcome.refusal, null);
      return;
    }
    const { validFrom, canceled } = outcome.reply;
    outside.done();
    kept.done();
    setNote(
      canceledNote(
        validFrom > data.today ? `${HOURS_TEXTS.savedFrom} ${dayLong(validFrom)}` : HOURS_TEXTS.saved,
        canceled,
      ),
    );
    await refresh();
  }

  /** Withdraws the coming change of a day: the hours before it run on. */
  async function withdraw(day: string, cancel?: CancelFields) {
    const place = placeBodyOf(data);
    if (!place) return;
    begin();
    const outcome = await withdrawing.run({ body: { ...place, valid_from: day, ...cancel } });
    if (!outcome.ok) {
      kept.hold(outcome.refusal, day);
      return;
    }
    kept.done();
    setNote(canceledNote(HOURS_TEXTS.withdrawn, outcome.reply.canceled));
    const next = await refresh();
    // The form showed the change withdrawn: it shows the hours in force again.
    if (next && draft.validFrom === day) setDraft(draftOf(next));
  }

  return (
    <>
      <ScheduleForm
        headingId="hours-h"
        title={HOURS_TEXTS.title}
        className="mt-6"
        busy={busy}
        error={check ?? problemOf(saving) ?? problemOf(withdrawing) ?? reading.error}
        note={note}
        onSubmit={() => void save()}
      >
        <p className="text-sm text-ink-soft">{HOURS_TEXTS.lead}</p>
        {data.places.length === 0 || !current || !data.visitType ? (
          <p className="text-ink-soft">{HOURS_TEXTS.noPlaces}</p>
        ) : (
          <>
            <HoursPlaceFields
              places={data.places}
              current={current}
              visitType={data.visitType}
              clinic={clinic}
              draft={draft}
              today={data.today}
              busy={busy}
              onPlace={(place) => void load(place)}
              onType={(type) => void load(current, type)}
              onSlot={(slot) => edit({ slot }, true)}
              onFrom={(validFrom) => edit({ validFrom })}
            />
            <PendingChanges
              pending={data.pending}
              busy={busy}
              onShow={show}
              onWithdraw={(day) => void withdraw(day)}
            />
            <VisitsToCancel
              affected={kept}
              title={HOURS_TEXTS.visitsOutsideOld}
              listLabel="Записи вне прежних часов"
              marker="data-outside-visit"
              withClinic={false}
              busy={busy}
              confirm={HOURS_TEXTS.cancelAndWithdraw}
              onConfirm={(day, fields) => void withdraw(day, fields)}
              back={HOURS_TEXTS.keepChange}
            />
            {current.misSchedule && (
              <p role="status" className="rounded-lg bg-canvas p-3 text-sm">
                {HOURS_TEXTS.misSchedule}
              </p>
            )}
            <WeekRows
              week={draft.week}
              onChange={(weekday, intervals) =>
                edit({ week: draft.week.map((d) => (d.weekday === weekday ? { ...d, intervals } : d)) })
              }
            />
            <VisitsToCancel
              affected={outside}
              title={HOURS_TEXTS.visitsOutside}
              listLabel="Записи вне новых часов"
              marker="data-outside-visit"
              withClinic={false}
              busy={busy}
              confirm={HOURS_TEXTS.cancelAndSave}
              onConfirm={(_, fields) => void save(fields)}
              back={HOURS_TEXTS.changeHours}
              submit={{ text: HOURS_TEXTS.save, disabled: current.misSchedule }}
            />
          </>
        )}
      </ScheduleForm>
      {current && data.visitType && !current.misSchedule && (
        <DatedHoursEditor data={data} place={current} onChanged={refresh} />
      )}
    </>
  );
}

/**
 * 'Онлайн-запись к врачу': a clinic switches online booking of each of its doctors; a change is
 * saved at once and put back when refused (or when another switch's change is still under way).
 */
export function BookingSwitches({ places }: { places: readonly HoursPlace[] }) {
  const [on, setOn] = useState(() => new Map(places.map((p) => [p.doctor.id, p.appointmentOn])));
  const toggle = useCall(cabinetSetBooking);
  const [note, setNote] = useState('');

  async function change(doctorId: number, next: boolean) {
    setNote('');
    setOn((m) => new Map(m).set(doctorId, next));
    const outcome = await toggle.run({ body: { doctor_id: doctorId, on: next } });
    if (!outcome.ok) {
      setOn((m) => new Map(m).set(doctorId, !next));
      return;
    }
    const name = places.find((p) => p.doctor.id === doctorId)?.doctor.name ?? '';
    setNote(`${outcome.reply.on ? HOURS_TEXTS.bookingOn : HOURS_TEXTS.bookingOff}: ${name}`);
  }

  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="booking-h">
      <h2 id="booking-h" className="text-lg font-semibold">
        {HOURS_TEXTS.bookingTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{HOURS_TEXTS.bookingLead}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {places.map((p) => (
          <li key={p.doctor.id} data-booking-doctor={p.doctor.id}>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                role="switch"
                checked={on.get(p.doctor.id) ?? false}
                aria-checked={on.get(p.doctor.id) ?? false}
                disabled={toggle.busy}
                onChange={(e) => void change(p.doctor.id, e.target.checked)}
                className="size-5 shrink-0 accent-brand"
              />
              <span className="min-w-0">{p.doctor.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <FormStatus call={statusOf(toggle.busy, toggle.error, note)} done={note} className="mt-2 text-sm" />
    </section>
  );
}
