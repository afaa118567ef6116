import { stopWaitlist } from '../../../core/booking/calls';
import type { MyWait } from '../../../core/booking/contracts';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { Button } from '../../components/ui/button';
import { FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';

function WaitItem({ item }: { item: MyWait }) {
  const stop = useCall(stopWaitlist);
  return (
    <li className="card flex flex-col gap-1 p-4 text-sm sm:p-5">
      <a href={item.doctorUrl} className="text-base font-semibold text-brand hover:underline">
        {item.doctorName}
      </a>
      <p className="text-ink-soft">
        {item.clinicName ?? WAITLIST_TEXTS.anyClinic}, {item.window}
        {item.before ? `, ${item.before}` : ''}
      </p>
      <FormStatus call={stop} />
      {stop.done ? (
        <p role="status">{WAITLIST_TEXTS.stopped}</p>
      ) : (
        <Button
          variant="secondary"
          busy={stop.busy}
          onClick={() => void stop.run({ params: { id: item.id }, body: {} })}
          className="mt-2 self-start"
        >
          {WAITLIST_TEXTS.stop}
        </Button>
      )}
    </li>
  );
}

/** 'Жду время раньше': the patient's open waitlist requests in 'Мои записи', each with its stop button. */
export function MyWaitlist({ items }: { items: MyWait[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="waiting" className="mt-8">
      <h2 id="waiting" className="text-xl font-semibold">
        {WAITLIST_TEXTS.mine}
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((item) => (
          <WaitItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
