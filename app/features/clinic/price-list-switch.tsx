import { Button } from '../../components/ui/button';

/** The switch 'Только услуги с онлайн-записью': a real button with role=switch, its label inside. */
export function PriceListSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Button
      variant="bare"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="group flex shrink-0 items-center gap-3 rounded-lg py-1 text-left"
    >
      <span
        aria-hidden="true"
        className={`relative h-6 w-10 shrink-0 rounded-full transition-colors ${checked ? 'bg-brand' : 'bg-line'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-surface shadow transition-transform ${checked ? 'translate-x-4' : ''}`}
        />
      </span>
      <span>Только услуги с онлайн-записью</span>
    </Button>
  );
}
