import { useEffect, useState } from 'react';
import { formatDistance } from '../../../core/geo/distance';
import { mapRoute } from '../../../core/map/calls';
import type { MapClinic, MapPoint, Route, RouteList, RouteMode } from '../../../core/map/contracts';
import { formatDuration, MAP_TEXTS, transportNamesText } from '../../../core/map/rules';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';

const MODES: { mode: RouteMode; label: string }[] = [
  { mode: 'car', label: MAP_TEXTS.car },
  { mode: 'transit', label: MAP_TEXTS.transit },
];

/**
 * Routes from the departure to the clinic: the two modes, the list of routes, one route's
 * detail with 'К списку маршрутов', and 'Сбросить маршрут'. Straight-line estimates say 'примерно'.
 */
export function RoutesPanel({
  clinic,
  from,
  onShowLine,
  onReset,
}: {
  clinic: MapClinic;
  from: MapPoint & { title: string };
  onShowLine(line: [number, number][]): void;
  onReset(): void;
}) {
  const [mode, setMode] = useState<RouteMode>('car');
  const [list, setList] = useState<RouteList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setList(null);
    setError(null);
    setOpen(null);
    api
      .send(mapRoute, { body: { from, to: { lat: clinic.lat, lon: clinic.lon }, mode } })
      .then((reply) => {
        if (!live) return;
        setList(reply);
        if (reply.routes[0]) onShowLine(reply.routes[0].line);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [from, clinic, mode, onShowLine]);

  const detail = open !== null ? list?.routes[open] : undefined;
  return (
    <section className="flex flex-col gap-3" aria-label="Маршруты">
      <p className="text-sm text-muted">
        {from.title} → {clinic.name}
      </p>
      <div className="flex gap-2" role="tablist">
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            role="tab"
            aria-selected={mode === m.mode}
            onClick={() => setMode(m.mode)}
            className={`flex-1 rounded-lg border px-2 py-1.5 text-sm ${mode === m.mode ? 'border-brand bg-brand-soft text-brand' : 'border-line'}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {!list && !error && <p className="text-sm text-muted">Ищем маршруты…</p>}
      {list && !detail && (
        <ul className="flex flex-col gap-2" aria-label="Список маршрутов">
          {list.routes.length === 0 && <li className="text-sm text-muted">Маршрут не найден</li>}
          {list.routes.map((route, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a provider's alternatives have no identity besides their order
            <li key={`${route.mode}-${i}`}>
              <button
                type="button"
                className="w-full rounded-lg border border-line px-3 py-2 text-left hover:bg-canvas"
                onClick={() => {
                  setOpen(i);
                  onShowLine(route.line);
                }}
              >
                <RouteSummary route={route} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {detail && (
        <div className="flex flex-col gap-2">
          <RouteSummary route={detail} />
          {detail.approximate && (
            <p className="text-sm text-muted">
              Прямая линия от точки отправления до клиники; время и расстояние оценены примерно. Точный
              маршрут по улицам — в картах ниже.
            </p>
          )}
          <ol className="flex flex-col gap-1 text-sm">
            {detail.steps.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity besides their order
              <li key={i}>
                {step.text}
                {step.transport.length > 0 && (
                  <span className="text-muted"> · {transportNamesText(step.transport)}</span>
                )}
              </li>
            ))}
          </ol>
          <button type="button" className="self-start text-sm text-brand" onClick={() => setOpen(null)}>
            {MAP_TEXTS.toRoutes}
          </button>
        </div>
      )}
      {list && (
        <p className="flex gap-4 text-sm">
          <a href={list.links.yandex} target="_blank" rel="noopener noreferrer" className="text-brand">
            Открыть в Яндекс Картах
          </a>
          <a href={list.links.twoGis} target="_blank" rel="noopener noreferrer" className="text-brand">
            Открыть в 2ГИС
          </a>
        </p>
      )}
      <Button variant="secondary" onClick={onReset}>
        {MAP_TEXTS.reset}
      </Button>
    </section>
  );
}

function RouteSummary({ route }: { route: Route }) {
  const about = route.approximate ? `${MAP_TEXTS.approximate} ` : '';
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold">
        {about}
        {formatDuration(route.durationS)}
      </span>
      <span className="text-sm text-muted">
        {about}
        {formatDistance(route.distanceM / 1000)}
      </span>
    </span>
  );
}
