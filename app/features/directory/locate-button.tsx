import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';

type State = 'idle' | 'locating' | 'denied' | 'unsupported';

const MESSAGES: Record<Exclude<State, 'idle' | 'locating'>, string> = {
  denied:
    'Не удалось определить местоположение. Разрешите доступ к геолокации в браузере или выберите метро или район.',
  unsupported: 'Браузер не умеет определять местоположение. Выберите метро или район.',
};

/**
 * Asks the browser for the visitor's position and opens the list for that point
 * (?lat=&lon=, rounded to ~10 m, as the server reads it).
 */
export function LocateButton({
  path,
  label,
  quiet = false,
}: {
  path: string;
  label: string;
  quiet?: boolean;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const round = (x: number) => Math.round(x * 10_000) / 10_000;
        navigate(`${path}?lat=${round(coords.latitude)}&lon=${round(coords.longitude)}`);
      },
      () => setState('denied'),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return (
    <div className="mt-4">
      <Button
        variant={quiet ? 'secondary' : 'primary'}
        busy={state === 'locating'}
        onClick={locate}
        className="text-sm"
      >
        {state === 'locating' ? 'Определяем местоположение…' : label}
      </Button>
      {(state === 'denied' || state === 'unsupported') && (
        <p role="alert" className="mt-2 text-sm text-error">
          {MESSAGES[state]}
        </p>
      )}
    </div>
  );
}
