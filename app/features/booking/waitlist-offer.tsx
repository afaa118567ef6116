import { useState } from 'react';
import { useNavigate } from 'react-router';
import { claimWaitlistOffer, stopWaitlist } from '../../../core/booking/calls';
import type { WaitlistOfferPage } from '../../../core/booking/contracts';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { api, CONNECTION_ERROR, isApiError } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The waitlist SMS link's page: the freed time; 'Записаться на это время' holds it for the
 * patient and goes on to the booking form (or moves the patient's visit); taken meanwhile, it
 * says so and offers the doctor's other times. 'Больше не присылать' ends the request.
 */
export function WaitlistOffer({ offer }: { offer: WaitlistOfferPage }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(offer.open ? '' : WAITLIST_TEXTS.offerGone);
  const [stopped, setStopped] = useState(offer.stopped);

  async function take() {
    setBusy(true);
    setProblem('');
    try {
      const { url } = await api.send(claimWaitlistOffer, { body: { token: offer.token } });
      navigate(url);
      return;
    } catch (e) {
      setProblem(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
    setBusy(false);
  }

  async function stop() {
    try {
      await api.send(stopWaitlist, { params: { id: offer.requestId }, body: { token: offer.token } });
      setStopped(true);
    } catch (e) {
      setProblem(isApiError(e) ? e.detail : CONNECTION_ERROR);
    }
  }

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{WAITLIST_TEXTS.offerTitle}</h1>
      <section className="card mt-4 flex flex-col gap-1 p-4 sm:p-5" aria-label="Освободившееся время">
        <p className="text-lg font-semibold" data-testid="offer-when">
          {offer.when}
        </p>
        <p>
          <a href={offer.doctorUrl} className="font-medium text-brand hover:underline">
            {offer.doctorName}
          </a>
        </p>
        <p className="text-ink-soft">
          {offer.clinicName}, {offer.address}
        </p>
      </section>
      {problem && (
        <p role="alert" className="mt-4 text-error">
          {problem}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {offer.open && !problem && !stopped && (
          <button
            type="button"
            onClick={take}
            disabled={!hydrated || busy}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {offer.moving ? WAITLIST_TEXTS.offerMove : WAITLIST_TEXTS.offerBook}
          </button>
        )}
        {(problem || !offer.open) && (
          <a
            href={offer.otherTimesUrl}
            className="rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
          >
            {WAITLIST_TEXTS.chooseOther}
          </a>
        )}
      </div>
      <div className="mt-6">
        {stopped ? (
          <p role="status">{WAITLIST_TEXTS.stopped}</p>
        ) : (
          <button
            type="button"
            onClick={stop}
            disabled={!hydrated}
            className="text-sm text-ink-soft underline disabled:opacity-60"
          >
            {WAITLIST_TEXTS.stop}
          </button>
        )}
      </div>
    </>
  );
}
