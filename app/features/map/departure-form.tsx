import { useEffect, useId, useRef, useState } from 'react';
import { mapGeocode, mapSuggest } from '../../../core/map/calls';
import type { Address, MapClinic, MapPoint } from '../../../core/map/contracts';
import { isTooFarFromClinic, MAP_TEXTS } from '../../../core/map/rules';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { api } from '../../lib/api';
import { useCall } from '../../lib/use-call';

/**
 * 'Откуда поедем?': the departure address with two suggestions and the geolocation button.
 * 'Проложить маршрут' stays disabled while the field is empty or an error shows; an address
 * 100 km or more from the clinic is 'Слишком далеко от клиники'.
 */
export function DepartureForm({
  townSlug,
  clinic,
  onCancel,
  onDeparture,
}: {
  townSlug: string;
  clinic: MapClinic;
  onCancel(): void;
  onDeparture(from: MapPoint & { title: string }): void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Address | null>(null);
  const [suggestions, setSuggestions] = useState<Address[]>([]);
  const [error, setError] = useState<string | null>(null);
  const geocode = useCall(mapGeocode);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 3 || chosen) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .send(mapSuggest, { query: { town: townSlug, q }, signal: controller.signal })
        .then((reply) => setSuggestions(reply.items))
        .catch(() => setSuggestions([]));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, chosen, townSlug]);

  const accept = (place: Address) => {
    if (isTooFarFromClinic(place, clinic)) {
      setError(MAP_TEXTS.tooFar);
      return;
    }
    onDeparture(place);
  };

  const submit = async () => {
    if (chosen) return accept(chosen);
    // 404: 'Адрес не найден' (MAP_TEXTS.notFound), from the server.
    const outcome = await geocode.run({ query: { town: townSlug, q: text.trim() } });
    if (outcome.ok) accept(outcome.reply);
    else if (outcome.error) setError(outcome.error);
  };

  const geolocate = () => {
    if (!('geolocation' in navigator)) return setError(MAP_TEXTS.geolocateFailed);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const place = {
          title: 'Моё местоположение',
          subtitle: '',
          lat: coords.latitude,
          lon: coords.longitude,
        };
        setText(place.title);
        setChosen(place);
        setError(isTooFarFromClinic(place, clinic) ? MAP_TEXTS.tooFar : null);
      },
      () => setError(MAP_TEXTS.geolocateFailed),
    );
  };

  return (
    <Form
      call={geocode}
      onSubmit={() => void submit()}
      className="flex flex-col gap-3"
      aria-label={MAP_TEXTS.from}
    >
      <h3 className="text-base font-semibold">{MAP_TEXTS.from}</h3>
      <label htmlFor={inputId} className="text-sm text-muted">
        {MAP_TEXTS.fromLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          ref={inputRef}
          value={text}
          autoComplete="off"
          maxLength={200}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setChosen(null);
            setError(null);
          }}
          className="min-w-0 flex-1 rounded-md border border-line px-3 py-2"
        />
        <Button
          variant="bare"
          onClick={geolocate}
          aria-label={MAP_TEXTS.geolocate}
          title={MAP_TEXTS.geolocate}
          className="rounded-md border border-line px-3 text-brand"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="7" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          </svg>
        </Button>
      </div>
      {suggestions.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Подсказки">
          {suggestions.map((place) => (
            <li key={`${place.title}|${place.subtitle}`}>
              <Button
                variant="bare"
                className="w-full rounded-md px-2 py-1 text-left hover:bg-canvas"
                onClick={() => {
                  setText(place.title);
                  setChosen(place);
                  setSuggestions([]);
                  setError(isTooFarFromClinic(place, clinic) ? MAP_TEXTS.tooFar : null);
                }}
              >
                {place.title}
                {place.subtitle && <span className="text-sm text-muted"> · {place.subtitle}</span>}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          {MAP_TEXTS.cancel}
        </Button>
        <Button
          type="submit"
          className="flex-1"
          busy={geocode.busy}
          disabled={!text.trim() || Boolean(error)}
        >
          {MAP_TEXTS.plan}
        </Button>
      </div>
    </Form>
  );
}
