import { formatDayShort } from '../../../core/dates/zoned';
import { SOFTWARE_VERSION_LABELS } from '../../../core/directory/software-version';
import type { Effectiveness } from '../../../core/stats/contracts';
import {
  AVERAGE_TIME_HINT,
  AVERAGE_TIME_LABEL,
  averageTime,
  CABINET_EFFECTIVENESS_PATH,
  conversion,
  type DayCounts,
  EFFECTIVENESS_PERIODS,
  METRIC_HINTS,
  METRIC_LABELS,
  METRICS,
  type Metric,
  EFFECTIVENESS_TEXTS as T,
  totals,
} from '../../../core/stats/effectiveness';

const linkOf = (days: number, metric: Metric) =>
  `${CABINET_EFFECTIVENESS_PATH}?days=${days}&metric=${metric}`;

/**
 * The page's effectiveness in the cabinet: the period's totals, one chosen count day by day as
 * a bar chart (with the same numbers as a table for screen readers and for copying), or, below
 * Стандарт, what the next level would give. Period and count are links: a reload or the back
 * button keeps them.
 */
export function EffectivenessReport({ report, metric }: { report: Effectiveness; metric: Metric }) {
  const current = T.current(report.version ? SOFTWARE_VERSION_LABELS[report.version] : null);
  if (!report.available) {
    const upgrade = report.upgrade;
    return (
      <section className="card mt-6 p-6" aria-labelledby="effectiveness-locked">
        <p className="text-sm text-ink-soft">{current}</p>
        {upgrade && (
          <>
            <h2 id="effectiveness-locked" className="mt-2 text-lg font-semibold">
              {T.locked(SOFTWARE_VERSION_LABELS[upgrade.version])}
            </h2>
            <p className="mt-1 text-ink-soft">{T.lockedLead}</p>
            <ul className="mt-3 flex flex-col gap-2">
              {upgrade.gains.map((gain) => (
                <li key={gain} className="flex gap-2">
                  <span aria-hidden="true" className="text-success">
                    ✓
                  </span>
                  {gain}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  }
  const sums = totals(report.series);
  // Both counted on the page itself: the share of its visitors who went on to book.
  const rate = conversion(sums.bookingClicks, sums.views);
  const spent = averageTime(report.series);
  return (
    <>
      <p className="mt-2 text-ink-soft">
        {T.lead}{' '}
        <a href={report.page.url} className="text-brand hover:underline">
          {report.page.name}
        </a>
        . {current}.
      </p>
      <nav aria-label={T.period} className="mt-4 flex gap-2">
        {EFFECTIVENESS_PERIODS.map((days) => (
          <a
            key={days}
            href={linkOf(days, metric)}
            aria-current={days === report.days ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${days === report.days ? 'border-brand bg-brand text-white' : 'border-line hover:border-brand hover:text-brand'}`}
          >
            {T.periodOption(days)}
          </a>
        ))}
      </nav>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {METRICS.map((m) => (
          <li key={m}>
            <a
              href={linkOf(report.days, m)}
              aria-current={m === metric ? 'true' : undefined}
              title={METRIC_HINTS[m]}
              className={`card block h-full p-4 hover:ring-1 hover:ring-brand ${m === metric ? 'ring-2 ring-brand' : ''}`}
            >
              <span className="block text-sm text-ink-soft">{METRIC_LABELS[m]}</span>
              <span className="mt-1 block text-2xl font-bold" data-metric={m}>
                {sums[m].toLocaleString('ru-RU')}
              </span>
              {m === 'bookingClicks' && rate && (
                <span className="block text-xs text-ink-soft">{`${rate} от просмотров`}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
      {spent && (
        <p className="mt-3 text-sm text-ink-soft" title={AVERAGE_TIME_HINT}>
          {AVERAGE_TIME_LABEL}:{' '}
          <span className="font-semibold text-ink" data-metric="averageTime">
            {spent}
          </span>
        </p>
      )}
      {sums.views + sums.bookings + sums.bookingClicks + sums.phoneClicks === 0 ? (
        <p className="card mt-4 p-6 text-center text-ink-soft" role="status">
          {T.empty}
        </p>
      ) : (
        <DayChart series={report.series} metric={metric} days={report.days} />
      )}
      <details className="mt-4">
        <summary className="cursor-pointer text-brand">Таблица по дням</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-ink-soft">
                <th className="py-1 pr-3 font-medium">{T.day}</th>
                {METRICS.map((m) => (
                  <th key={m} className="py-1 pr-3 text-right font-medium">
                    {METRIC_LABELS[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...report.series].reverse().map((d) => (
                <tr key={d.day} className="border-t border-line">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatDayShort(d.day)}</td>
                  {METRICS.map((m) => (
                    <td key={m} className="py-1 pr-3 text-right tabular-nums">
                      {d[m]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/** One count day by day: a bar per day, the highest day's value as the scale. */
function DayChart({ series, metric, days }: { series: DayCounts[]; metric: Metric; days: number }) {
  const max = Math.max(1, ...series.map((d) => d[metric]));
  const width = 100 / series.length;
  const label = T.chart(METRIC_LABELS[metric], days);
  return (
    <figure className="card mt-4 p-4">
      <figcaption className="flex justify-between text-sm text-ink-soft">
        <span>{label}</span>
        <span>до {max.toLocaleString('ru-RU')}</span>
      </figcaption>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="mt-2 h-40 w-full"
        role="img"
        aria-label={`${label}: всего ${series.reduce((s, d) => s + d[metric], 0)}`}
      >
        {series.map((d, i) => {
          const h = (d[metric] / max) * 38;
          return (
            <rect
              key={d.day}
              x={i * width + width * 0.15}
              y={40 - h}
              width={width * 0.7}
              height={h}
              className="fill-brand"
            >
              <title>{`${formatDayShort(d.day)}: ${d[metric]}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-ink-soft">
        <span>{formatDayShort(series[0].day)}</span>
        <span>{formatDayShort(series[series.length - 1].day)}</span>
      </div>
    </figure>
  );
}
