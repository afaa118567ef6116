import { useState } from 'react';
import { stopWaitlist } from '../../../core/booking/calls';
import type { MyWait } from '../../../core/booking/contracts';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { api, CONNECTION_ERROR, isApiError } from '../../lib/api';

function WaitItem({ item }: { item: MyWait }) {
  const [stopped, setStopped] = useState(false);
  const [error, setError] = useState('');
  async function stop() {
    try {
      await api.send(stopWaitlist, { params: { id: item.id }, body: {} });
      setStopped(true);
    } catch (e) {
      setError(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
  }
  return (
    <li className="card flex flex-col gap-1 p-4 text-sm sm:p-5">
      <a href={item.doctorUrl} className="text-base font-semibold text-brand hover:underline">
        {item.doctorName}
      </a>
      <p className="text-ink-soft">
        {item.clinicName ?? WAITLIST_TEXTS.anyClinic}, {item.window}
        {item.before ? `, ${item.before}` : ''}
      </p>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {stopped ? (
        <p role="status">{WAITLIST_TEXTS.stopped}</p>
      ) : (
        <button
          type="button"
          onClick={stop}
          className="mt-2 self-start rounded-lg border border-line px-4 py-2 font-medium hover:border-error hover:text-error"
        >
          {WAITLIST_TEXTS.stop}
        </button>
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
