import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCESSIBILITY_TEXTS, STEP_FREE_PARAM } from '../../../core/clinic/accessibility';
import { Button } from '../../components/ui/button';

/**
 * The clinic list's filter 'Вход без ступенек' (clinics that told of a step-free entrance or a
 * ramp): a plain GET form that works without JavaScript; with it, a change navigates at once
 * to page 1 of the filtered list.
 */
export function ClinicFilters({ path, stepFree }: { path: string; stepFree: boolean }) {
  const navigate = useNavigate();
  // The box shows the choice at once, while the list loads; the URL wins when it changes.
  const [shown, setShown] = useState({ stepFree, from: stepFree });
  if (shown.from !== stepFree) setShown({ stepFree, from: stepFree });
  return (
    <form
      method="get"
      action={path}
      aria-label="Фильтры"
      className="card mt-4 flex flex-wrap items-center gap-3 p-3 sm:p-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={STEP_FREE_PARAM}
          value="1"
          checked={shown.stepFree}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setShown({ stepFree: on, from: stepFree });
            navigate(`${path}${on ? `?${STEP_FREE_PARAM}=1` : ''}`, { preventScrollReset: true });
          }}
          className="h-4 w-4 accent-brand"
        />
        {ACCESSIBILITY_TEXTS.filter}
      </label>
      <noscript>
        <Button type="submit" variant="secondary" worksWithoutScript className="text-sm">
          Показать
        </Button>
      </noscript>
    </form>
  );
}
