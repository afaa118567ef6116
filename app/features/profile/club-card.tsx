import { useId, useMemo } from 'react';
import { encode } from 'uqr';
import { formatLongDate } from '../../../core/dates/zoned';
import type { ProfileClubCard } from '../../../core/profile/contracts';

const ZONE = 'Europe/Moscow';

/**
 * The QR code of the card's page, drawn as one SVG path (uqr encodes; no canvas, no HTML
 * string): the clinic's administrator scans it and sees whether the card is in force.
 */
function CardQr({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { data, size } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (data[y][x]) d += `M${x} ${y}h1v1h-1z`;
    return { d, size };
  }, [value]);
  return (
    <svg
      viewBox={`0 0 ${path.size} ${path.size}`}
      role="img"
      aria-label={label}
      className="size-36 shrink-0 rounded-lg bg-white p-1 sm:size-40"
      shapeRendering="crispEdges"
      data-testid="club-card-qr"
    >
      <path d={path.d} fill="#111" />
    </svg>
  );
}

/**
 * The club card in the profile, drawn as a card: its number, its dates and a QR code to show at
 * the clinic's desk. Without a card in force the page shows the club's own panel instead.
 */
export function ProfileClubCardView({ card }: { card: ProfileClubCard }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6" data-testid="profile-club-card">
      <h2 id={headingId} className="text-lg font-semibold">
        Клубная карта
      </h2>
      <div className="mt-2 flex flex-col items-center gap-4 rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-lg sm:flex-row sm:items-stretch sm:justify-between">
        <div className="flex w-full flex-col justify-between gap-3">
          <div>
            <p className="text-sm uppercase tracking-wider opacity-80">Клуб ПроДокторов</p>
            <p
              className="mt-1 font-mono text-2xl font-semibold tracking-widest"
              data-testid="club-card-number"
            >
              {card.number}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="opacity-80">Действует с</dt>
              <dd className="font-medium">{formatLongDate(card.dt_start, ZONE)}</dd>
            </div>
            <div>
              <dt className="opacity-80">До</dt>
              <dd className="font-medium">{formatLongDate(card.dt_end, ZONE)}</dd>
            </div>
          </dl>
          <p className="text-sm opacity-90">
            Покажите код администратору клиники: по нему откроется карта и её срок.{' '}
            <a href={card.link} className="font-medium text-white underline">
              Открыть карту
            </a>
          </p>
        </div>
        <CardQr value={card.link} label={`QR-код клубной карты ${card.number}`} />
      </div>
    </section>
  );
}
