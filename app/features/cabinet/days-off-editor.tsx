import { useState } from 'react';
import { cabinetAddDaysOff, cabinetDaysOff, cabinetRemoveDayOff } from '../../../core/cabinet/calls';
import type { DaysOff } from '../../../core/cabinet/contracts';
import { CABINET_SCHEDULE_PATH, DAYS_OFF_TEXTS, dayOffRanges } from '../../../core/cabinet/days-off';
import { formatDayShort } from '../../../core/dates/zoned';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { useCall } from '../../lib/use-call';
import { problemOf, ScheduleForm } from './schedule-form';
import { type CancelFields, canceledNote, useAffectedVisits, VisitsToCancel } from './visits-to-cancel';

const span = (from: string, to: string) =>
  from === to ? formatDayShort(from) : `${formatDayShort(from)} — ${formatDayShort(to)}`;

/**
 * Days off in the cabinet: close a range of whole days for a doctor (a clinic chooses the
 * doctor; a doctor closes his own, in every clinic), see the upcoming ones, open them again.
 * Visits booked on the days come back from the server as a refusal; they are cancelled only
 * when the administrator says so, with the reason the patients will read.
 */
export function DaysOffEditor({ initial }: { initial: DaysOff }) {
  const [data, setData] = useState(initial);
  const [from, setFrom] = useState(initial.today);
  const [to, setTo] = useState(initial.today);
  const [doctor, setDoctor] = useState(initial.doctor === null ? '' : String(initial.doctor));
  const adding = useCall(cabinetAddDaysOff);
  const opening = useCall(cabinetRemoveDayOff);
  const reading = useCall(cabinetDaysOff);
  const booked = useAffectedVisits<null>();
  const [note, setNote] = useState('');
  const busy = adding.busy || opening.busy || reading.busy;
  const clinic = data.clinicId !== null;

  async function refresh() {
    const outcome = await reading.run({ query: data.doctor === null ? {} : { doctor: data.doctor } });
    if (outcome.ok) setData(outcome.reply);
  }

  function begin() {
    setNote('');
    adding.reset();
    opening.reset();
    reading.reset();
  }

  /** A change of the days asked for: a refusal for their visits no longer holds. */
  function edit(change: () => void) {
    change();
    booked.drop();
  }

  async function submit(cancel?: CancelFields) {
    begin();
    const outcome = await adding.run({
      body: { ...(clinic ? { doctor_id: doctor ? Number(doctor) : undefined } : {}), from, to, ...cancel },
    });
    if (!outcome.ok) {
      booked.hold(outcome.refusal, null);
      return;
    }
    booked.done();
    setNote(canceledNote(DAYS_OFF_TEXTS.added, outcome.reply.canceled));
    await refresh();
  }

  async function open(ids: number[]) {
    begin();
    for (const id of ids) if (!(await opening.run({ params: { id } })).ok) return;
    setNote(DAYS_OFF_TEXTS.removed);
    await refresh();
  }

  return (
    <>
      <ScheduleForm
        headingId="close-days"
        title="Закрыть дни"
        className="mt-4"
        busy={busy}
        error={problemOf(adding) ?? opening.error ?? reading.error}
        note={note}
        onSubmit={() => void submit()}
      >
        {clinic && (
          <Field label="Врач">
            {(control) => (
              <select
                {...control}
                value={doctor}
                onChange={(e) => edit(() => setDoctor(e.target.value))}
                className={INPUT}
              >
                <option value="">Выберите врача</option>
                {data.doctors.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <div className="flex flex-wrap gap-3">
          <Field label="С">
            {(control) => (
              <input
                {...control}
                type="date"
                value={from}
                min={data.today}
                onChange={(e) =>
                  edit(() => {
                    setFrom(e.target.value);
                    if (e.target.value > to) setTo(e.target.value);
                  })
                }
                className={INPUT}
              />
            )}
          </Field>
          <Field label="По">
            {(control) => (
              <input
                {...control}
                type="date"
                value={to}
                min={from}
                onChange={(e) => edit(() => setTo(e.target.value))}
                className={INPUT}
              />
            )}
          </Field>
        </div>
        <p className="text-sm text-ink-soft">
          {clinic
            ? 'Врач не будет принимать в клинике в эти дни: время пропадёт из записи сразу.'
            : 'Вы не будете принимать в эти дни ни в одной клинике: время пропадёт из записи сразу.'}
        </p>
        <VisitsToCancel
          affected={booked}
          title={DAYS_OFF_TEXTS.visitsBooked}
          listLabel="Записи на эти дни"
          marker="data-booked-visit"
          withClinic={!clinic}
          busy={busy}
          confirm="Отменить записи и закрыть дни"
          onConfirm={(_, fields) => void submit(fields)}
          back="Выбрать другие дни"
          submit={{ text: 'Закрыть дни' }}
        />
      </ScheduleForm>
      <DaysOffList data={data} busy={busy} onOpen={(ids) => void open(ids)} />
    </>
  );
}

/** 'Закрытые дни': the upcoming ones (a clinic's, of one doctor or all), each to open again. */
function DaysOffList({
  data,
  busy,
  onOpen,
}: {
  data: DaysOff;
  busy: boolean;
  onOpen: (ids: number[]) => void;
}) {
  const ranges = dayOffRanges(data.daysOff);
  return (
    <section className="mt-6" aria-labelledby="days-off">
      <h2 id="days-off" className="text-lg font-semibold">
        Закрытые дни
      </h2>
      {data.clinicId !== null && data.doctors.length > 1 && (
        <form method="get" action={CABINET_SCHEDULE_PATH} className="mt-2 flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Показать
            <select name="doctor" defaultValue={data.doctor ?? ''} className={INPUT}>
              <option value="">Все врачи</option>
              {data.doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <Button variant="small" type="submit" worksWithoutScript>
            Показать
          </Button>
        </form>
      )}
      {ranges.length === 0 ? (
        <p className="mt-2 text-ink-soft">Закрытых дней впереди нет</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {ranges.map((r) => (
            <li
              key={r.ids[0]}
              className="card flex flex-wrap items-center justify-between gap-2 p-3"
              data-day-off={`${r.doctor.id}:${r.from}`}
            >
              <span>
                <span className="font-medium">{span(r.from, r.to)}</span>
                <span className="block text-sm text-ink-soft">
                  {r.doctor.name} · {r.clinicName}
                </span>
              </span>
              <Button variant="small" disabled={busy} onClick={() => onOpen(r.ids)}>
                Открыть {r.ids.length > 1 ? 'дни' : 'день'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
