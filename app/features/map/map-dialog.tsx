/**
 * The popup map (loaded on demand by MapButton): full screen on phones, a dialog on desktop.
 * Flow: cluster panel → clinic panel → 'Откуда поедем?' → routes; reset returns to the clinic.
 * Without WebGL the panels still work and a plain message stands where the map would be.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { mapTown } from '../../../core/map/calls';
import type { MapClinic, MapPoint, MapTown } from '../../../core/map/contracts';
import { clinicCountText, MAP_TEXTS } from '../../../core/map/rules';
import { formatPhone } from '../../../core/phone/format';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { api } from '../../lib/api';
import { DepartureForm } from './departure-form';
import type { ClinicMap } from './map-canvas';
import { RoutesPanel } from './routes-panel';

type View =
  | { kind: 'list'; ids: number[] }
  | { kind: 'clinic'; id: number }
  | { kind: 'departure'; id: number }
  | { kind: 'routes'; id: number; from: MapPoint & { title: string } };

export interface MapDialogProps {
  townSlug: string;
  /** The clinics the map was opened for (the page's clinic, the list's, a doctor's workplaces). */
  focusIds: number[];
  onClose(): void;
}

export default function MapDialog({ townSlug, focusIds, onClose }: MapDialogProps) {
  const [town, setTown] = useState<MapTown | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noMap, setNoMap] = useState(false);
  const [view, setView] = useState<View>(
    focusIds.length === 1 ? { kind: 'clinic', id: focusIds[0] } : { kind: 'list', ids: focusIds },
  );
  // State, not a ref: the container mounts when the modal's own code has loaded, which may be
  // after the town has come, and the map must draw then too.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const map = useRef<ClinicMap | null>(null);

  useEffect(() => {
    api
      .send(mapTown, { params: { town: townSlug } })
      .then(setTown)
      .catch((e: Error) => setFailure(e.message));
  }, [townSlug]);

  // The map draws once the town has come and the container is in the document, in either order.
  useEffect(() => {
    if (!town || !container) return;
    let cancelled = false;
    const element = container;
    import('./map-canvas')
      .then(({ createClinicMap }) => {
        if (cancelled) return;
        map.current = createClinicMap(element, town, focusIds, {
          onClinic: (id) => setView({ kind: 'clinic', id }),
          onCluster: (ids) => setView({ kind: 'list', ids }),
        });
      })
      .catch(() => !cancelled && setNoMap(true));
    return () => {
      cancelled = true;
      map.current?.destroy();
      map.current = null;
    };
  }, [town, container, focusIds]);

  const showLine = useCallback((line: [number, number][]) => map.current?.showRoute(line), []);
  const clinicOf = (id: number) => town?.clinics.find((c) => c.id === id);
  const choose = (id: number) => {
    setView({ kind: 'clinic', id });
    map.current?.showClinic(id);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Клиники на карте"
      description="Карта клиник с маршрутами"
      mobile="fullscreen"
      desktop="dialog"
      width={1100}
    >
      <div className="flex min-h-0 flex-1 flex-col sm:h-[70vh] sm:flex-row" data-testid="clinic-map">
        <div className="relative min-h-[45vh] flex-1 overflow-hidden bg-canvas sm:min-h-0">
          {/* MapLibre makes its container position: relative; the wrapper holds the size. */}
          <div className="absolute inset-0">
            <div ref={setContainer} className="h-full w-full" data-testid="map-canvas" />
          </div>
          {noMap && (
            <p
              role="status"
              className="absolute inset-0 flex items-center justify-center p-6 text-center text-muted"
            >
              {MAP_TEXTS.noWebgl}
            </p>
          )}
          {town?.provider.startsWith('dev') && !noMap && (
            <p className="absolute bottom-1 left-1 max-w-[90%] rounded bg-surface/90 px-2 py-0.5 text-xs text-muted">
              Схема по нашим данным, не карта улиц: синим — где есть наши клиники, кружки — станции метро.
            </p>
          )}
        </div>
        <aside className="flex max-h-[45vh] flex-col gap-3 overflow-y-auto p-4 sm:max-h-none sm:w-[360px] sm:border-l sm:border-line">
          {failure && <p role="alert">{failure}</p>}
          {!town && !failure && <p className="text-muted">Загружаем карту…</p>}
          {town && (
            <Panel
              townSlug={townSlug}
              town={town}
              view={view}
              clinicOf={clinicOf}
              choose={choose}
              setView={setView}
              showLine={showLine}
              clearRoute={() => map.current?.clearRoute()}
            />
          )}
          <Button variant="secondary" className="sm:hidden" onClick={onClose}>
            {MAP_TEXTS.closeMap}
          </Button>
        </aside>
      </div>
    </Modal>
  );
}

function Panel({
  townSlug,
  town,
  view,
  clinicOf,
  choose,
  setView,
  showLine,
  clearRoute,
}: {
  townSlug: string;
  town: MapTown;
  view: View;
  clinicOf(id: number): MapClinic | undefined;
  choose(id: number): void;
  setView(view: View): void;
  showLine(line: [number, number][]): void;
  clearRoute(): void;
}) {
  if (view.kind === 'list') {
    const clinics = (view.ids.length ? view.ids : town.clinics.map((c) => c.id))
      .map(clinicOf)
      .filter((c): c is MapClinic => Boolean(c));
    return (
      <section aria-label="Клиники" className="flex flex-col gap-2">
        <h3 className="font-semibold">{clinicCountText(clinics.length)}</h3>
        <ul className="flex flex-col gap-1">
          {clinics.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="w-full rounded-md px-2 py-1 text-left hover:bg-canvas"
                onClick={() => choose(c.id)}
              >
                <span className="block">{c.name}</span>
                <span className="block text-sm text-muted">{c.address}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const clinic = clinicOf(view.id);
  if (!clinic) return <p className="text-muted">Клиника не найдена</p>;
  if (view.kind === 'departure')
    return (
      <DepartureForm
        townSlug={townSlug}
        clinic={clinic}
        onCancel={() => setView({ kind: 'clinic', id: clinic.id })}
        onDeparture={(from) => setView({ kind: 'routes', id: clinic.id, from })}
      />
    );
  if (view.kind === 'routes')
    return (
      <RoutesPanel
        clinic={clinic}
        from={view.from}
        onShowLine={showLine}
        onReset={() => {
          clearRoute();
          setView({ kind: 'clinic', id: clinic.id });
        }}
      />
    );
  return (
    <section aria-label="Клиника" className="flex flex-col gap-2">
      <a href={clinic.href} className="text-lg font-semibold text-brand hover:underline">
        {clinic.name}
      </a>
      <p>{clinic.address}</p>
      {clinic.phone && (
        <a href={`tel:+${clinic.phone}`} className="text-brand">
          {formatPhone(clinic.phone)}
        </a>
      )}
      <Button onClick={() => setView({ kind: 'departure', id: clinic.id })}>{MAP_TEXTS.plan}</Button>
    </section>
  );
}
