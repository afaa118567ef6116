import { useEffect, useState } from 'react';
import {
  CLUB_BOOKING_TEXTS,
  couponErrorText,
  formatCouponCountdown,
  stepForCoupon,
} from '../../../core/club/appointment';
import { clubCouponPay, clubCouponStatus } from '../../../core/club/calls';
import type { CouponRequestReply } from '../../../core/club/contracts';
import { formatRub } from '../../../core/money/money';
import { BUTTON_VARIANTS, Button } from '../../components/ui/button';
import { api, isAborted, isRefusal } from '../../lib/api';
import { useCall } from '../../lib/use-call';
import { CLUB_POLL_MS } from './card-request-watch';

type View =
  | { kind: 'loading' }
  | { kind: 'coupon'; coupon: CouponRequestReply; at: number }
  | { kind: 'error'; text: string };

/**
 * Where the provider returns a patient who booked at the club price: the coupon's state, read
 * every 5 s until it settles. Unpaid: the breakdown, the 20-minute countdown and 'Оплатить';
 * being paid: a preloader; paid: 'Вы записаны'; lost: 'Не получилось записаться' and why.
 */
export function CouponStatus({ id }: { id: number }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const pay = useCall(clubCouponPay);

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    const read = async () => {
      try {
        const coupon = await api.send(clubCouponStatus, { params: { id }, signal: controller.signal });
        setView({ kind: 'coupon', coupon, at: Date.now() });
        const step = stepForCoupon(coupon.paymentStatus);
        if (step === null) window.location.reload();
        // Unpaid or being paid: read again; settled: stop.
        if (step === 'paymentStart' || step === 'appointmentProgress')
          timer = window.setTimeout(read, CLUB_POLL_MS);
      } catch (error) {
        if (isAborted(error)) return;
        if (isRefusal(clubCouponStatus, error)) setView({ kind: 'error', text: error.detail });
        else timer = window.setTimeout(read, CLUB_POLL_MS);
      }
    };
    void read();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [id]);

  // The countdown ticks once a second while the coupon waits for its prepayment.
  const waiting = view.kind === 'coupon' && stepForCoupon(view.coupon.paymentStatus) === 'paymentStart';
  useEffect(() => {
    if (!waiting) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [waiting]);

  async function payNow() {
    const outcome = await pay.run({ params: { id } });
    // Off to the checkout: the button stays busy while it opens.
    if (outcome.ok) window.location.assign(outcome.reply.provider_payment_data.url);
    else setView({ kind: 'error', text: couponErrorText(outcome.refusal?.code, undefined) });
  }

  if (view.kind === 'loading') return <Waiting />;
  if (view.kind === 'error') return <Failed text={view.text} returnUrl={null} />;
  const { coupon } = view;
  const step = stepForCoupon(coupon.paymentStatus);
  if (step === 'succeeded') return <Succeeded coupon={coupon} />;
  if (step === 'failed' || coupon.error)
    return (
      <Failed text={coupon.error?.detail ?? couponErrorText('timed_out')} returnUrl={coupon.return_url} />
    );
  if (step !== 'paymentStart') return <Waiting />;
  const left = Math.max(0, coupon.lifeTime - Math.floor((now - view.at) / 1000));
  return (
    <section className="card mt-6 p-5 sm:p-6" data-step="paymentStart" aria-labelledby="coupon-h">
      <h2 id="coupon-h" className="text-lg font-semibold">
        Оплатите купон, чтобы записаться по клубной цене
      </h2>
      <p className="mt-1 text-ink-soft">
        Осталось <span className="font-semibold tabular-nums">{formatCouponCountdown(left)}</span>: время
        держится 20 минут.
      </p>
      <Breakdown coupon={coupon} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button busy={pay.busy || pay.done} disabled={left === 0} onClick={() => void payNow()}>
          Оплатить {formatRub(coupon.prepayment)}
        </Button>
        {coupon.return_url && (
          <a href={coupon.return_url} className={BUTTON_VARIANTS.secondary}>
            Отменить
          </a>
        )}
      </div>
    </section>
  );
}

function Breakdown({ coupon }: { coupon: CouponRequestReply }) {
  const rows: [string, string][] = [
    ['Обычная цена', formatRub(coupon.fullPrice)],
    ['Клубная цена', formatRub(coupon.price)],
    ['Купон (оплата на сайте)', formatRub(coupon.clubCouponPrice)],
    ['Оплата в клинике', formatRub(coupon.clubLpuPrice)],
  ];
  if (coupon.cardPrice > 0)
    rows.push([`Клубная карта на ${coupon.clubCardLifetimeMonths} месяцев`, formatRub(coupon.cardPrice)]);
  return (
    <dl className="mt-4 divide-y divide-line" data-testid="coupon-breakdown">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 py-2">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 py-2 font-semibold">
        <dt>Сейчас на сайте</dt>
        <dd>{formatRub(coupon.prepayment)}</dd>
      </div>
      <div className="flex justify-between gap-3 py-2 text-success">
        <dt>Ваша выгода</dt>
        <dd>{formatRub(coupon.discount)}</dd>
      </div>
    </dl>
  );
}

function Waiting() {
  return (
    <div
      role="status"
      className="card mt-6 flex flex-col items-center gap-3 p-8"
      data-step="appointmentProgress"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-brand"
      />
      <p className="text-ink-soft">Проверяем оплату...</p>
    </div>
  );
}

function Succeeded({ coupon }: { coupon: CouponRequestReply }) {
  return (
    <section className="card mt-6 p-5 sm:p-6" data-step="succeeded" role="status">
      <h2 className="text-lg font-semibold text-success">{CLUB_BOOKING_TEXTS.succeededTitle}</h2>
      <p className="mt-1 text-ink-soft">
        Купон оплачен: {formatRub(coupon.prepayment)}. В клинике — {formatRub(coupon.clubLpuPrice)}.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {coupon.appointment_id !== null && (
          <a href={`/appointment/${coupon.appointment_id}/`} className={BUTTON_VARIANTS.primary}>
            Перейти к записи
          </a>
        )}
      </div>
    </section>
  );
}

function Failed({ text, returnUrl }: { text: string; returnUrl: string | null }) {
  return (
    <section className="card mt-6 p-5 sm:p-6" data-step="failed" role="alert">
      <h2 className="text-lg font-semibold">{CLUB_BOOKING_TEXTS.failedTitle}</h2>
      <p className="mt-1 text-ink-soft">{text}</p>
      {returnUrl && (
        <a href={returnUrl} className={`${BUTTON_VARIANTS.primary} mt-4 inline-block`}>
          Записаться заново
        </a>
      )}
    </section>
  );
}
