import type { ReactNode } from 'react';
import type { AddressSchedule } from '../../../core/clinic/contracts';
import { exceptionDayLabel, weekRows } from '../../../core/clinic/working-hours';
import { Modal, ModalClose } from '../../components/ui/modal';

/**
 * A week of working hours, Monday first, today highlighted (aria-current="date"), and the
 * holiday list 'График работы в праздники' when the schedule has exceptions.
 */
export function WeekHours({
  schedule,
  compact = false,
  holidaysHeadingLevel = 3,
}: {
  schedule: AddressSchedule;
  /** Tighter rows for the address tooltip. */
  compact?: boolean;
  holidaysHeadingLevel?: 3 | 4;
}) {
  const row = compact ? 'px-1.5 py-0.5' : 'px-2 py-1';
  const Heading = holidaysHeadingLevel === 3 ? 'h3' : 'h4';
  return (
    <>
      <ul className="flex flex-col gap-0.5 text-sm">
        {weekRows(schedule).map((d) => (
          <li
            key={d.key}
            aria-current={d.today ? 'date' : undefined}
            className={`flex justify-between gap-4 rounded-md ${row} ${d.today ? 'bg-brand-soft font-semibold text-brand' : ''}`}
          >
            <span>
              {d.name}
              {d.today && <span className="sr-only">, сегодня</span>}
            </span>
            <span className="whitespace-nowrap">{d.hours}</span>
          </li>
        ))}
      </ul>
      {schedule.lpu_exceptions.length > 0 && (
        <>
          <Heading className={`${compact ? 'mt-2 px-1.5' : 'mt-4'} text-sm font-semibold`}>
            График работы в праздники
          </Heading>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-ink-soft">
            {schedule.lpu_exceptions.map((e) => (
              <li key={e.date} className={`flex justify-between gap-4 ${row}`}>
                <span>{exceptionDayLabel(e.date)}</span>
                <span className="whitespace-nowrap">{e.time}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** 'График работы' in a bottom sheet on phones (a dialog on wider screens), closed by 'Понятно'. */
export function WeekHoursSheet({
  open,
  onOpenChange,
  address,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown under the title when the sheet is one address's. */
  address?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="График работы"
      description={address}
      showDescription
      mobile="sheet"
      closeIcon="desktop"
      footer={
        <ModalClose asChild>
          <button type="button" className="w-full rounded-lg bg-brand px-5 py-3 font-medium text-white">
            Понятно
          </button>
        </ModalClose>
      }
    >
      {children}
    </Modal>
  );
}
