import { useState } from 'react';
import { DAY_PART_LABELS } from '../../../core/booking/callback';
import {
  CABINET_CALLBACKS_PATH,
  CALLBACK_STATUS_LABELS,
  CALLBACK_TEXTS,
  type CallbackOutcome,
} from '../../../core/cabinet/callbacks';
import { cabinetCallbackOutcome } from '../../../core/cabinet/calls';
import type { CabinetCallback, CabinetCallbacks } from '../../../core/cabinet/contracts';
import { formatDayShort } from '../../../core/dates/zoned';
import { formatPhone } from '../../../core/phone/format';
import type { DayPart } from '../../../core/schedule/slot-filters';
import { BUTTON_VARIANTS, Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

/** The tabs are links drawn as the kit's chips; the current one is filled. */
const TAB = BUTTON_VARIANTS.chip;
const TAB_ON =
  'rounded-full border border-brand bg-brand-soft px-3 py-1.5 text-sm font-medium text-brand-dark';

const partsOf = (times: string[]) => times.map((t) => DAY_PART_LABELS[t as DayPart] ?? t).join('; ');

/**
 * Patients' requests to be called back (no free time suited them): the open ones with the day and
 * the parts of it to call in, answered 'Позвонили' or 'Записали'; the answered ones on their tab.
 */
export function CallbacksInbox({ inbox }: { inbox: CabinetCallbacks }) {
  const [items, setItems] = useState(inbox.callbacks);
  const open = inbox.status === 'open';
  return (
    <>
      <nav aria-label="Заявки" className="mt-4 flex flex-wrap gap-2">
        <a href={CABINET_CALLBACKS_PATH} className={open ? TAB_ON : TAB} aria-current={open}>
          {CALLBACK_TEXTS.open}
        </a>
        <a
          href={`${CABINET_CALLBACKS_PATH}?status=done`}
          className={open ? TAB : TAB_ON}
          aria-current={!open}
        >
          {CALLBACK_TEXTS.done}
        </a>
      </nav>
      {items.length === 0 ? (
        <p className="mt-4 text-ink-soft">{open ? CALLBACK_TEXTS.none : CALLBACK_TEXTS.noneDone}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2">
          {items.map((c) => (
            <CallbackRow
              key={c.id}
              callback={c}
              onAnswered={(changed) =>
                setItems((list) => list.map((x) => (x.id === changed.id ? changed : x)))
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}

function CallbackRow({
  callback: c,
  onAnswered,
}: {
  callback: CabinetCallback;
  onAnswered: (callback: CabinetCallback) => void;
}) {
  const answer = useCall(cabinetCallbackOutcome);

  async function send(status: CallbackOutcome) {
    const outcome = await answer.run({ params: { id: c.id }, body: { status } });
    if (outcome.ok) onAnswered(outcome.reply);
  }

  return (
    <li className="card flex flex-col gap-1 p-4" data-callback-id={c.id}>
      <p>
        <a className="text-lg font-semibold text-brand hover:underline" href={`tel:+${c.phone}`}>
          {formatPhone(c.phone)}
        </a>
        {c.patientName && <span className="ml-2">{c.patientName}</span>}
      </p>
      <p className="text-sm">
        Позвонить {formatDayShort(c.date)}: {partsOf(c.times)}
      </p>
      <p className="text-sm text-ink-soft">
        {c.doctor.name} · {c.clinicName}
      </p>
      {c.status === 'new' ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="small" busy={answer.busy} onClick={() => void send('called')}>
            {CALLBACK_TEXTS.called}
          </Button>
          <Button variant="small" busy={answer.busy} onClick={() => void send('booked')}>
            {CALLBACK_TEXTS.booked}
          </Button>
        </div>
      ) : (
        <p className="text-sm font-medium" role="status">
          {CALLBACK_STATUS_LABELS[c.status]}
        </p>
      )}
      <FormStatus call={answer} className="text-sm" />
    </li>
  );
}
