import { Fragment } from 'react';
import {
  HOURS_MAX_INTERVALS,
  HOURS_TEXTS,
  type HoursInterval,
  SLOT_MINUTES_CHOICES,
} from '../../../core/cabinet/hours';
import { plural, WORDS } from '../../../core/text/plural';
import { Button } from '../../components/ui/button';
import { Field, INPUT } from '../../components/ui/field';

/** A time box 'HH:mm': narrower than a text box, centred figures. */
const TIME = 'w-[4.5rem] rounded-lg border border-line bg-surface px-2 py-1.5 text-center tabular-nums';

/** An interval's two boxes: the word before each ('с', 'до', ending its name too) and its hint. */
const ENDS = [
  { end: 'start', word: HOURS_TEXTS.from, placeholder: '09:00' },
  { end: 'end', word: HOURS_TEXTS.to, placeholder: '18:00' },
] as const;

/** A new interval after the day's last one (or the usual morning). */
function nextInterval(intervals: readonly HoursInterval[]): HoursInterval {
  const last = intervals.at(-1);
  if (!last) return { start: '09:00', end: '13:00' };
  const [h] = last.end.split(':').map(Number);
  const start = Math.min(h + 1, 22);
  return { start: `${String(start).padStart(2, '0')}:00`, end: `${String(start + 2).padStart(2, '0')}:00` };
}

/**
 * A day's intervals 'с HH:mm до HH:mm' (up to four), each with '✕', and '+ Добавить часы'; the
 * fields are named after the day ('Понедельник, интервал 1: с'). Used by a weekday of the weekly
 * hours and by a date's own hours.
 */
export function IntervalsInput({
  name,
  intervals,
  onChange,
  closedText,
}: {
  name: string;
  intervals: HoursInterval[];
  onChange: (intervals: HoursInterval[]) => void;
  /** Said when the day has no interval. */
  closedText: string;
}) {
  const set = (i: number, change: Partial<HoursInterval>) =>
    onChange(intervals.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      {intervals.map((interval, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an interval has no identity but its place in the day
        <div key={i} className="flex flex-wrap items-center gap-2 text-sm">
          {ENDS.map(({ end, word, placeholder }) => (
            <Fragment key={end}>
              {word}
              <input
                value={interval[end]}
                inputMode="numeric"
                maxLength={5}
                placeholder={placeholder}
                aria-label={`${name}, интервал ${i + 1}: ${word}`}
                onChange={(e) => set(i, { [end]: e.target.value })}
                className={TIME}
              />
            </Fragment>
          ))}
          <Button
            variant="small"
            aria-label={`${name}: ${HOURS_TEXTS.removeInterval.toLowerCase()} ${i + 1}`}
            title={HOURS_TEXTS.removeInterval}
            onClick={() => onChange(intervals.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {intervals.length === 0 && <span className="text-ink-soft">{closedText}</span>}
        {intervals.length < HOURS_MAX_INTERVALS && (
          <Button
            variant="small"
            aria-label={`${name}: ${HOURS_TEXTS.addInterval.toLowerCase()}`}
            onClick={() => onChange([...intervals, nextInterval(intervals)])}
          >
            + {HOURS_TEXTS.addInterval}
          </Button>
        )}
      </div>
    </div>
  );
}

/** 'Длительность приёма': the slot length of weekly hours or of a date's own hours. */
export function SlotMinutesField({
  value,
  disabled,
  onChange,
}: {
  value: number;
  disabled: boolean;
  onChange: (minutes: number) => void;
}) {
  return (
    <Field label={HOURS_TEXTS.slot}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(Number(e.target.value))}
          className={INPUT}
        >
          {SLOT_MINUTES_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {plural(minutes, WORDS.minute)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
