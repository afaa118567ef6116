import { useNavigate } from 'react-router';
import { claimWaitlistOffer, stopWaitlist } from '../../../core/booking/calls';
import type { WaitlistOfferPage } from '../../../core/booking/contracts';
import { WAITLIST_TEXTS } from '../../../core/booking/waitlist';
import { Button } from '../../components/ui/button';
import { useCall } from '../../lib/use-call';

/**
 * The waitlist SMS link's page: the freed time; 'Записаться на это время' holds it for the
 * patient and goes on to the booking form (or moves the patient's visit); taken meanwhile, it
 * says so and offers the doctor's other times. 'Больше не присылать' ends the request.
 */
export function WaitlistOffer({ offer }: { offer: WaitlistOfferPage }) {
  const navigate = useNavigate();
  const claim = useCall(claimWaitlistOffer);
  const stop = useCall(stopWaitlist);
  const problem = claim.error ?? stop.error ?? (offer.open ? null : WAITLIST_TEXTS.offerGone);
  const stopped = offer.stopped || stop.done;

  async function take() {
    stop.reset();
    const outcome = await claim.run({ body: { token: offer.token } });
    if (outcome.ok) navigate(outcome.reply.url);
  }

  function stopAsking() {
    claim.reset();
    void stop.run({ params: { id: offer.requestId }, body: { token: offer.token } });
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
          <Button busy={claim.busy || claim.done} onClick={() => void take()}>
            {offer.moving ? WAITLIST_TEXTS.offerMove : WAITLIST_TEXTS.offerBook}
          </Button>
        )}
        {problem && (
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
          <Button
            variant="bare"
            busy={stop.busy}
            onClick={stopAsking}
            className="text-sm text-ink-soft underline disabled:opacity-60"
          >
            {WAITLIST_TEXTS.stop}
          </Button>
        )}
      </div>
    </>
  );
}
