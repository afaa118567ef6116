import { useState } from 'react';
import type { ReceptionVisit } from '../../../core/cabinet/contracts';
import { slotOfLocal, DESK_TEXTS as T } from '../../../core/cabinet/desk';
import { cabinetDeskConfirm, cabinetDeskMove } from '../../../core/cabinet/desk-calls';
import type { DeskVisit } from '../../../core/cabinet/desk-contracts';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/** The reception row's visit after a desk call changed it. */
const merged = (v: ReceptionVisit, d: DeskVisit): ReceptionVisit => ({
  ...v,
  startsAt: d.starts_at,
  endsAt: d.ends_at,
  doctor: d.doctor,
  confirmed: d.confirmed,
});

/**
 * The desk's actions on a coming visit of the clinic's: 'Подтвердить' after calling the patient,
 * and 'Перенести' to another time (or doctor of the clinic). Each sends the patient one SMS.
 */
export function DeskVisitActions({
  visit,
  doctors,
  onChanged,
}: {
  visit: ReceptionVisit;
  doctors: { id: number; name: string }[];
  onChanged: (visit: ReceptionVisit, note: string) => void;
}) {
  const confirm = useCall(cabinetDeskConfirm);
  const move = useCall(cabinetDeskMove);
  const [moving, setMoving] = useState(false);
  const [time, setTime] = useState('');
  const [doctor, setDoctor] = useState(String(visit.doctor?.id ?? ''));

  async function confirmVisit() {
    const outcome = await confirm.run({ params: { id: visit.id } });
    if (outcome.ok) onChanged(merged(visit, outcome.reply), T.confirmed);
  }

  async function moveVisit() {
    const outcome = await move.run({
      params: { id: visit.id },
      body: {
        slot: slotOfLocal(time) ?? '',
        ...(doctor && Number(doctor) !== visit.doctor?.id ? { doctor_id: Number(doctor) } : {}),
      },
    });
    if (outcome.ok) {
      setMoving(false);
      onChanged(merged(visit, outcome.reply), T.moved);
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {!visit.confirmed && (
          <Button variant="small" busy={confirm.busy} onClick={confirmVisit}>
            {T.confirm}
          </Button>
        )}
        <Button variant="small" onClick={() => setMoving((m) => !m)} aria-expanded={moving}>
          {T.move}
        </Button>
        <FormStatus call={confirm} />
      </div>
      {moving && (
        <Form
          call={move}
          onSubmit={moveVisit}
          className="flex flex-wrap items-end gap-2"
          aria-label={T.moveTitle}
        >
          <Field label={T.time} error={move.fieldErrors.slot}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                className={INPUT}
                value={time}
                onChange={(event) => {
                  setTime(event.currentTarget.value);
                  move.reset();
                }}
              />
            )}
          </Field>
          {doctors.length > 1 && (
            <Field label={T.doctor}>
              {(control) => (
                <select
                  {...control}
                  className={INPUT}
                  value={doctor}
                  onChange={(event) => {
                    setDoctor(event.currentTarget.value);
                    move.reset();
                  }}
                >
                  {doctors.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Button type="submit" variant="small" busy={move.busy}>
            {T.moveButton}
          </Button>
          <FormStatus call={move} />
        </Form>
      )}
    </div>
  );
}
