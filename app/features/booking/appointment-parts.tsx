import type { AppointmentPage } from '../../../core/booking/contracts';
import { HOME_TEXTS } from '../../../core/booking/home-visit';
import { VISIT_MONEY_TEXTS } from '../../../core/club/visit-money';
import { Button } from '../../components/ui/button';
import { HomeVisitPlace } from './visit-place';

/** 'Детали записи': when, who or what, where, the price (with a review discount) and the SMS note. */
export function VisitSummary({ page: d }: { page: AppointmentPage }) {
  const canceled = d.status === 'canceled';
  return (
    <section className="card mt-4 flex flex-col gap-1 p-4 text-sm sm:p-5" aria-label="Детали записи">
      <p className={`text-lg font-semibold ${canceled ? 'text-muted line-through' : ''}`}>{d.when}</p>
      <p className="mt-2">
        <a href={d.titleUrl} className="font-semibold text-brand hover:underline">
          {d.title}
        </a>
        <span className="block text-ink">{d.details.join(', ')}</span>
      </p>
      <p className="mt-2">
        <a href={d.clinicUrl} className="font-medium hover:text-brand">
          {d.clinicName}
        </a>
        {!d.home && (
          <span className="block text-ink-soft">{d.online ? 'Онлайн-консультация' : d.address}</span>
        )}
        {d.metro && !d.online && <span className="block text-muted">м. {d.metro}</span>}
      </p>
      {d.home && <HomeVisitPlace home={d.home} />}
      {d.money && d.price !== null && (
        <dl className="mt-2 flex flex-col gap-0.5" data-testid="visit-money">
          <div className="flex flex-wrap gap-x-1">
            <dt>{d.kind === 'doctor' ? 'Стоимость приёма' : 'Стоимость'}:</dt>
            <dd className="font-semibold">{d.price}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt>{VISIT_MONEY_TEXTS.paid}:</dt>
            <dd className="font-semibold text-success">{d.money.paid}</dd>
            <dd className="text-ink-soft">(купон на приём по клубной цене)</dd>
          </div>
          {d.money.due !== null && (
            <div className="flex flex-wrap gap-x-1">
              <dt>{VISIT_MONEY_TEXTS.due}:</dt>
              <dd className="font-semibold">{d.money.due}</dd>
              {d.discount && <dd className="text-ink-soft">(скидка за отзыв −{d.discount.amount})</dd>}
            </div>
          )}
        </dl>
      )}
      {d.money?.canceled && (
        <p className="mt-1 text-ink-soft" data-testid="visit-money-canceled">
          {d.money.canceled}
        </p>
      )}
      {!d.money && d.price !== null && (
        <p className="mt-2">
          {d.kind === 'doctor' ? 'Стоимость приёма' : 'Стоимость'}:{' '}
          {d.discount ? (
            <>
              <span className="text-muted line-through">{d.price}</span>{' '}
              <span className="font-semibold">{d.discount.total}</span> (скидка за отзыв −{d.discount.amount})
            </>
          ) : (
            <span className="font-semibold">{d.price}</span>
          )}
          , {d.home ? HOME_TEXTS.payment : 'оплата в клинике'}
        </p>
      )}
      {d.price === null && d.discount && <p className="mt-2">Скидка за отзыв: −{d.discount.amount}</p>}
      {!canceled && (
        <p className="mt-2 text-ink-soft">
          Мы отправили СМС с деталями записи.{d.home || d.online ? '' : ' Возьмите с собой паспорт и полис.'}
        </p>
      )}
    </section>
  );
}

/** After the clinic's cut-off: cancelling is the clinic's, by phone. */
export function NoCancelNote({ clinicPhone }: { clinicPhone: string | null }) {
  return (
    <p className="mt-3 text-sm text-ink-soft">
      Отменить запись на сайте уже нельзя: позвоните в клинику
      {clinicPhone ? (
        <>
          {' '}
          по номеру{' '}
          <a
            href={`tel:+${clinicPhone.replace(/\D/g, '')}`}
            className="font-medium text-brand hover:underline"
          >
            {clinicPhone}
          </a>
        </>
      ) : null}
      .
    </p>
  );
}

/**
 * 'Отменить запись?': the time is freed at once, so the patient says it twice; a prepaid visit
 * says what becomes of the prepayment before the patient confirms (`moneyWarning`).
 */
export function CancelQuestion({
  busy,
  onCancel,
  onKeep,
  moneyWarning = '',
}: {
  busy: boolean;
  onCancel: () => void;
  onKeep: () => void;
  moneyWarning?: string;
}) {
  return (
    <div
      className="card mt-4 p-4"
      role="alertdialog"
      aria-labelledby="cancel-q"
      aria-describedby={moneyWarning ? 'cancel-money' : undefined}
    >
      <p id="cancel-q" className="font-medium">
        Отменить запись? Время сразу станет свободным для других пациентов.
      </p>
      {moneyWarning && (
        <p id="cancel-money" className="mt-2 text-warning" data-testid="cancel-money">
          {moneyWarning}
        </p>
      )}
      <div className="mt-3 flex gap-3">
        <Button variant="danger" busy={busy} onClick={onCancel}>
          Да, отменить
        </Button>
        <Button variant="secondary" onClick={onKeep}>
          Не отменять
        </Button>
      </div>
    </div>
  );
}
