import { useEffect, useState } from 'react';
import { CALENDAR_STATUS_LABELS } from '../../../core/cabinet/calendar';
import { cabinetPatientCard, cabinetPatientNote } from '../../../core/cabinet/calendar-calls';
import type { PatientCard, PatientVisit } from '../../../core/cabinet/calendar-contracts';
import { PATIENT_NOTE_MAX, PATIENT_TEXTS as T } from '../../../core/cabinet/patient-card';
import { localDate, localTime, VISIT_TYPE_LABELS } from '../../../core/cabinet/reception';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';
import { Form, FormStatus } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { api } from '../../lib/api';
import { messageOf, useCall } from '../../lib/use-call';

/** 'yyyy-MM-dd' as 'dd.MM.yyyy'. */
const dotted = (day: string) => day.split('-').reverse().join('.');

/**
 * The patient card at the desk (docs/product/front-desk.md, 'Карточка пациента'), a side panel
 * on wide screens and the whole screen on a phone: the patient of visit `appointmentId`, their
 * visits at this clinic and the clinic's note. Read when opened; null closes it.
 */
export function PatientCardPanel({
  appointmentId,
  onClose,
}: {
  appointmentId: number | null;
  onClose: () => void;
}) {
  const [card, setCard] = useState<PatientCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCard(null);
    setError(null);
    if (appointmentId === null) return;
    const controller = new AbortController();
    api
      .send(cabinetPatientCard, { params: { id: appointmentId }, signal: controller.signal })
      .then(setCard, (e: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(e));
      });
    return () => controller.abort();
  }, [appointmentId]);

  return (
    <Modal
      open={appointmentId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={card ? card.name : T.title}
      description={T.title}
      desktop="side"
      width={560}
    >
      <div className="px-4 pb-6 sm:px-6">
        {error && (
          <p role="alert" className="mt-3 text-error">
            {error}
          </p>
        )}
        {!card && !error && (
          <p role="status" className="mt-3 text-ink-soft">
            {T.loading}
          </p>
        )}
        {card && <CardBody card={card} />}
      </div>
    </Modal>
  );
}

function CardBody({ card }: { card: PatientCard }) {
  return (
    <>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-soft">{T.phone}</dt>
        <dd>
          <a className="text-brand hover:underline" href={`tel:+${card.phone}`}>
            {formatPhone(card.phone)}
          </a>
        </dd>
        {card.email && (
          <>
            <dt className="text-ink-soft">{T.email}</dt>
            <dd>{card.email}</dd>
          </>
        )}
        <dt className="text-ink-soft">{T.birthDate}</dt>
        <dd>{card.birthDate ? dotted(card.birthDate) : T.none}</dd>
      </dl>
      <p className="mt-3 text-sm">
        {T.visits}: {card.counts.coming + card.counts.past} · {T.arrived}: {card.counts.arrived} ·{' '}
        <strong>
          {T.noShows}: {card.counts.noShow}
        </strong>{' '}
        · {T.canceled}: {card.counts.canceled}
      </p>
      <NoteForm appointmentId={card.appointmentId} note={card.note} />
      <Visits title={T.coming} empty={T.noComing} visits={card.coming} />
      <Visits title={T.past} empty={T.noPast} visits={card.past} />
    </>
  );
}

function Visits({ title, empty, visits }: { title: string; empty: string; visits: PatientVisit[] }) {
  return (
    <section className="mt-5">
      <h3 className="font-semibold">{title}</h3>
      {visits.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{empty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-line text-sm">
          {visits.map((v) => (
            <li key={v.id} className={`py-1.5 ${v.status === 'canceled' ? 'text-ink-soft' : ''}`}>
              <span className="font-medium">
                {dotted(localDate(v.startsAt, v.tz))} {localTime(v.startsAt, v.tz)}
              </span>{' '}
              {v.doctor ?? v.service} · {VISIT_TYPE_LABELS[v.visitType]} ·{' '}
              <span className={v.status === 'no_show' ? 'font-semibold text-error' : ''}>
                {CALENDAR_STATUS_LABELS[v.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteForm({ appointmentId, note }: { appointmentId: number; note: PatientCard['note'] }) {
  const [text, setText] = useState(note?.text ?? '');
  const [saved, setSaved] = useState(note);
  const save = useCall(cabinetPatientNote);
  async function submit() {
    const outcome = await save.run({ params: { id: appointmentId }, body: { text } });
    if (outcome.ok) {
      setSaved(outcome.reply);
      setText(outcome.reply.text);
    }
  }
  return (
    <Form call={save} onSubmit={submit} className="mt-4 flex flex-col gap-2">
      <Field label={T.note} hint={T.noteHint} error={save.fieldErrors.text}>
        {(control) => (
          <textarea
            {...control}
            className={INPUT}
            rows={3}
            maxLength={PATIENT_NOTE_MAX}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              save.reset();
            }}
          />
        )}
      </Field>
      {saved && (
        <p className="text-xs text-ink-soft">
          {T.noteUpdated} {new Date(saved.updatedAt).toLocaleString('ru-RU')}
          {saved.updatedBy ? `, ${saved.updatedBy}` : ''}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" busy={save.busy}>
          {T.noteSave}
        </Button>
        <FormStatus call={save} done={T.noteSaved} />
      </div>
    </Form>
  );
}
