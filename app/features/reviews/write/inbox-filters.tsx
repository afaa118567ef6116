import type { InboxCounts, RatingTrend } from '../../../../core/reviews/contracts';
import { INBOX_PERIODS, INBOX_TONES } from '../../../../core/reviews/inbox';
import { BUTTON_VARIANTS } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';

const FILTERS = ['unanswered', 'doctor', 'tone', 'period'] as const;
type FilterName = (typeof FILTERS)[number];

/** The inbox's address with one filter set (or dropped with null); the page goes back to 1. */
export function inboxHref(search: string, name: FilterName, value: string | null): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '?';
}

function Chip({
  href,
  active,
  label,
  count,
}: {
  href: string;
  active: boolean;
  label: string;
  count: number;
}) {
  return (
    <a
      href={href}
      aria-current={active ? 'true' : undefined}
      className={`${BUTTON_VARIANTS.chip} ${active ? 'border-brand bg-brand/10 font-medium text-brand' : ''}`}
    >
      {label} <span className="text-ink-soft">{count}</span>
    </a>
  );
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const monthLabel = (ym: string) => MONTHS[Number(ym.slice(5, 7)) - 1];
/** 4.5 → '4,5', 0.75 → '0,75' (two decimals at most, as the server rounds). */
const stars = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/** The mean rating by month (bars) and its change, last 6 months against the 6 before. */
export function RatingTrendChart({ trend }: { trend: RatingTrend }) {
  const { change } = trend;
  return (
    <section aria-label="Оценка по месяцам" className="card mt-4 p-4">
      <p className="text-sm font-medium">
        Оценка по месяцам{' '}
        {change === null ? (
          <span className="text-ink-soft">— мало отзывов, чтобы сравнить полугодия</span>
        ) : (
          <span className={change > 0 ? 'text-success' : change < 0 ? 'text-error' : 'text-ink-soft'}>
            {`${change > 0 ? '+' : change < 0 ? '−' : '±'}${stars(Math.abs(change))} за полгода`}
          </span>
        )}
      </p>
      <ol className="mt-3 flex h-24 items-end gap-1">
        {trend.months.map((m) => (
          <li
            key={m.month}
            className="flex flex-1 flex-col items-center justify-end text-xs text-ink-soft"
            title={
              m.average === null ? `${m.month}: нет отзывов` : `${m.month}: ${stars(m.average)} (${m.count})`
            }
          >
            {m.average !== null && (
              <>
                <span>{stars(m.average)}</span>
                <span
                  className="w-full rounded-t bg-brand/60"
                  style={{ height: `${(m.average / 5) * 56}px` }}
                />
              </>
            )}
            <span>{monthLabel(m.month)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The inbox's filters — 'Без ответа', tone, period (links, each with how many reviews it would
 * show) and a clinic's doctor (a select) — over the current address `search`.
 */
export function InboxFilters({
  counts,
  search,
  navigate,
}: {
  counts: InboxCounts;
  search: string;
  navigate: (href: string) => void;
}) {
  const params = new URLSearchParams(search);
  const tone = params.get('tone');
  const period = params.get('period');
  const unanswered = params.get('unanswered') === '1';
  const doctor = params.get('doctor');
  return (
    <nav aria-label="Фильтры отзывов" className="mt-4 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Chip
          href={inboxHref(search, 'unanswered', unanswered ? null : '1')}
          active={unanswered}
          label="Без ответа"
          count={counts.unanswered}
        />
        <Chip
          href={inboxHref(search, 'tone', null)}
          active={tone === null}
          label="Все"
          count={counts.tone.positive + counts.tone.neutral + counts.tone.negative}
        />
        {(Object.keys(INBOX_TONES) as (keyof typeof INBOX_TONES)[]).map((t) => (
          <Chip
            key={t}
            href={inboxHref(search, 'tone', t)}
            active={tone === t}
            label={INBOX_TONES[t]}
            count={counts.tone[t]}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Chip
          href={inboxHref(search, 'period', null)}
          active={period === null}
          label="За всё время"
          count={counts.period.all}
        />
        {(Object.keys(INBOX_PERIODS) as (keyof typeof INBOX_PERIODS)[]).map((p) => (
          <Chip
            key={p}
            href={inboxHref(search, 'period', p)}
            active={period === p}
            label={INBOX_PERIODS[p]}
            count={counts.period[p]}
          />
        ))}
      </div>
      {counts.doctors.length > 0 && (
        <Select
          label="Врач"
          className="max-w-sm"
          value={doctor ?? ''}
          options={[
            { value: '', label: 'Все врачи' },
            ...counts.doctors.map((d) => ({ value: String(d.id), label: `${d.name} (${d.count})` })),
          ]}
          onChange={(v) => navigate(inboxHref(search, 'doctor', v || null))}
        />
      )}
    </nav>
  );
}
