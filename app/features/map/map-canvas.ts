/**
 * The map itself, loaded only when the map dialog opens (MapLibre is large and touches
 * `window`): the base layer drawn from our own data, clinic pins and clusters as HTML buttons
 * (reachable by keyboard), and the route line.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import { LngLatBounds, Map as MapLibre, Marker, type StyleSpecification, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import Supercluster from 'supercluster';
import type { MapClinic, MapTown } from '../../../core/map/contracts';
import { CLUSTER_RADIUS_PX, clinicCountText, SINGLE_CLINIC_ZOOM } from '../../../core/map/rules';

export interface MapHandlers {
  onClinic(id: number): void;
  onCluster(ids: number[]): void;
}

export interface ClinicMap {
  showClinic(id: number): void;
  showRoute(line: [number, number][]): void;
  clearRoute(): void;
  destroy(): void;
}

export class NoWebglError extends Error {}

function hasWebgl(): boolean {
  const canvas = document.createElement('canvas');
  return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
}

const collection = (features: { geometry: Geometry }[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: features.map((f) => ({ type: 'Feature', properties: {}, geometry: f.geometry })),
});

/** A schematic style: no street tiles, only what we know (the clinics' area, metro stations). */
function styleOf(town: MapTown): StyleSpecification {
  return {
    version: 8,
    sources: {
      area: {
        type: 'geojson',
        data: collection(
          town.area.length ? [{ geometry: { type: 'Polygon', coordinates: [town.area] } }] : [],
        ),
      },
      metro: {
        type: 'geojson',
        data: collection(
          town.metro.map((m) => ({ geometry: { type: 'Point', coordinates: [m.lon, m.lat] } })),
        ),
      },
      route: { type: 'geojson', data: collection([]) },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f3f4f1' } },
      { id: 'area', type: 'fill', source: 'area', paint: { 'fill-color': '#e3ebf6', 'fill-opacity': 0.9 } },
      {
        id: 'area-edge',
        type: 'line',
        source: 'area',
        paint: { 'line-color': '#9fb3d1', 'line-width': 1.5, 'line-dasharray': [3, 2] },
      },
      {
        id: 'metro',
        type: 'circle',
        source: 'metro',
        paint: {
          'circle-radius': 4,
          'circle-color': '#ffffff',
          'circle-stroke-color': '#d6312b',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'route',
        type: 'line',
        source: 'route',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#1a73e8', 'line-width': 4, 'line-dasharray': [2, 1.5] },
      },
    ],
  };
}

function button(className: string, label: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.setAttribute('aria-label', label);
  element.textContent = text;
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return element;
}

/** Throws NoWebglError when the browser cannot draw the map. */
export function createClinicMap(
  container: HTMLElement,
  town: MapTown,
  focusIds: readonly number[],
  handlers: MapHandlers,
): ClinicMap {
  if (!hasWebgl()) throw new NoWebglError('no WebGL');
  setWorkerUrl(workerUrl);
  const focused = town.clinics.filter((c) => focusIds.includes(c.id));
  const others = town.clinics.filter((c) => !focusIds.includes(c.id));
  const index = new Supercluster<{ id: number }>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: SINGLE_CLINIC_ZOOM - 1,
  });
  const bounds = new LngLatBounds();
  for (const c of town.clinics) bounds.extend([c.lon, c.lat]);
  let map: MapLibre;
  try {
    map = new MapLibre({
      container,
      style: styleOf(town),
      bounds: town.clinics.length ? bounds : undefined,
      center: town.clinics.length ? undefined : [town.town.lon, town.town.lat],
      zoom: town.clinics.length ? undefined : 11,
      fitBoundsOptions: { padding: 48, maxZoom: SINGLE_CLINIC_ZOOM },
      attributionControl: false,
    });
  } catch (error) {
    throw new NoWebglError(String(error));
  }
  const byId = new Map(town.clinics.map((c) => [c.id, c]));
  let markers: Marker[] = [];
  let selected: number | null = null;

  /**
   * Clusters are made of the clinics neither focused nor chosen: the clinic whose panel is open
   * (and whose route is drawn) keeps its own pin at every zoom, never swallowed by a cluster.
   */
  function loadIndex() {
    index.load(
      others
        .filter((c) => c.id !== selected)
        .map((c) => ({
          type: 'Feature' as const,
          properties: { id: c.id },
          geometry: { type: 'Point' as const, coordinates: [c.lon, c.lat] },
        })),
    );
  }
  loadIndex();

  function select(id: number) {
    if (selected === id) return;
    selected = id;
    loadIndex();
  }

  const pin = (clinic: MapClinic, focus: boolean) =>
    new Marker({
      element: button(
        `map-pin${focus ? ' map-pin-focus' : ''}${selected === clinic.id ? ' map-pin-selected' : ''}`,
        clinic.name,
        '',
        () => {
          select(clinic.id);
          handlers.onClinic(clinic.id);
          render();
        },
      ),
      anchor: 'bottom',
    }).setLngLat([clinic.lon, clinic.lat]);

  function render() {
    for (const marker of markers) marker.remove();
    const b = map.getBounds();
    const zoom = Math.floor(map.getZoom());
    const features = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom);
    const next: Marker[] = [];
    for (const feature of features) {
      const [lon, lat] = feature.geometry.coordinates;
      const props = feature.properties as {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
        id?: number;
      };
      if (props.cluster && props.cluster_id !== undefined) {
        const clusterId = props.cluster_id;
        const count = props.point_count ?? 0;
        const element = button('map-cluster', clinicCountText(count), String(count), () => {
          const ids = index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.id);
          handlers.onCluster(ids);
        });
        next.push(new Marker({ element }).setLngLat([lon, lat]));
      } else if (props.id !== undefined) {
        const clinic = byId.get(props.id);
        if (clinic) next.push(pin(clinic, false));
      }
    }
    for (const clinic of focused) next.push(pin(clinic, true));
    const chosen = selected === null ? undefined : byId.get(selected);
    if (chosen && !focusIds.includes(chosen.id)) next.push(pin(chosen, false));
    for (const marker of next) marker.addTo(map);
    markers = next;
  }

  map.on('load', render);
  map.on('moveend', render);

  const routeSource = () => map.getSource('route') as { setData(data: FeatureCollection): void } | undefined;
  return {
    showClinic(id) {
      const clinic = byId.get(id);
      if (!clinic) return;
      select(id);
      map.flyTo({ center: [clinic.lon, clinic.lat], zoom: SINGLE_CLINIC_ZOOM, duration: 0 });
      render();
    },
    showRoute(line) {
      routeSource()?.setData(collection([{ geometry: { type: 'LineString', coordinates: line } }]));
      const box = new LngLatBounds();
      for (const point of line) box.extend(point);
      if (line.length) map.fitBounds(box, { padding: 64, maxZoom: SINGLE_CLINIC_ZOOM, duration: 0 });
    },
    clearRoute() {
      routeSource()?.setData(collection([]));
    },
    destroy() {
      for (const marker of markers) marker.remove();
      map.remove();
    },
  };
}
