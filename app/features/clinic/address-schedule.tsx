import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useAddressSchedule } from './address-schedule-store';
import { WeekHours, WeekHoursSheet } from './week-hours';

/** Phones below Tailwind's `sm` get the panel; wider screens the tooltip. */
const WIDE = '(min-width: 640px)';
const isWide = () => window.matchMedia(WIDE).matches;

/**
 * A clinic address that tells its working hours: on desktop a
 * tooltip on hover or keyboard focus says 'Загрузка...' and then shows the week; on phones a
 * tap opens a bottom panel. Each address is asked once per page (see address-schedule-store).
 * The tooltip is a block: do not put this inside a <p>.
 */
export function AddressSchedule({
  lpuId,
  address,
  className = '',
}: {
  lpuId: number;
  address: string;
  className?: string;
}) {
  const [entry, load] = useAddressSchedule(lpuId, address);
  const [tooltip, setTooltip] = useState(false);
  const [panel, setPanel] = useState(false);
  const tooltipId = useId();

  function showTooltip() {
    if (!isWide()) return;
    load();
    setTooltip(true);
  }

  const body =
    entry.status === 'loaded' ? (
      <WeekHours schedule={entry.data} compact holidaysHeadingLevel={4} />
    ) : entry.status === 'failed' ? (
      <p className="text-ink-soft">Не удалось загрузить график работы</p>
    ) : (
      <p className="text-muted">Загрузка...</p>
    );

  return (
    // Hover and focus are tracked on the wrapper so the pointer can move onto the tooltip.
    // biome-ignore lint/a11y/noStaticElementInteractions: the button inside is the control
    <span
      className="relative"
      onMouseEnter={showTooltip}
      onMouseLeave={() => setTooltip(false)}
      onFocus={showTooltip}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setTooltip(false);
      }}
    >
      <Button
        variant="bare"
        aria-describedby={tooltip ? tooltipId : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          if (isWide()) return showTooltip();
          load();
          setPanel(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && tooltip) {
            event.stopPropagation();
            setTooltip(false);
          }
        }}
        className={`cursor-pointer text-left underline decoration-dotted decoration-1 underline-offset-4 hover:text-brand ${className}`}
      >
        {address}
      </Button>
      {tooltip && (
        // Padding rather than a margin: the pointer crosses no gap on its way onto the tooltip.
        <div id={tooltipId} role="tooltip" className="absolute top-full left-0 z-20 w-72 pt-2">
          <div className="card p-3 text-sm font-normal text-ink shadow-lg">
            <p className="mb-1 px-1.5 font-semibold">График работы</p>
            {body}
          </div>
        </div>
      )}
      <WeekHoursSheet open={panel} onOpenChange={setPanel} address={address}>
        {body}
      </WeekHoursSheet>
    </span>
  );
}
