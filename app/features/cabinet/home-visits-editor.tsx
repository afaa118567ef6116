import { useId, useState } from 'react';
import { HOME_WINDOWS } from '../../../core/booking/home-visit';
import {
  cabinetSetHomeVisits,
  type HomeVisitSettings,
  HOME_SETTINGS_TEXTS as T,
} from '../../../core/cabinet/home-visits';
import { Field, INPUT } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import { SaveRow } from './save-row';

/**
 * 'Вызов врача на дом' in the clinic's cabinet: the radius around the clinic and/or the town's
 * districts its doctors go to, and whether they come at the booked time or within a window.
 */
export function HomeVisitsEditor({ initial }: { initial: HomeVisitSettings }) {
  const id = useId();
  const [radius, setRadius] = useState(initial.radius_km === null ? '' : String(initial.radius_km));
  const [districts, setDistricts] = useState<number[]>(initial.district_ids);
  const [window, setWindow] = useState(initial.window_minutes === null ? '' : String(initial.window_minutes));
  const save = useCall(cabinetSetHomeVisits);

  async function submit() {
    const trimmed = radius.trim();
    const outcome = await save.run({
      body: {
        radius_km: trimmed === '' ? null : Number(trimmed),
        district_ids: districts,
        window_minutes: window === '' ? null : Number(window),
      },
    });
    if (outcome.ok) {
      setRadius(outcome.reply.radius_km === null ? '' : String(outcome.reply.radius_km));
      setDistricts(outcome.reply.district_ids);
    }
  }

  return (
    <Form
      call={save}
      onSubmit={submit}
      className="card mt-6 flex flex-col gap-4 p-4 sm:p-5"
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {T.title}
      </h2>
      <p className="text-sm text-ink-soft">{T.lead}</p>
      <Field label={T.radius} hint={T.radiusHint} error={save.fieldErrors.radius_km} className="sm:max-w-xs">
        {(control) => (
          <input
            {...control}
            name="radius_km"
            type="text"
            inputMode="numeric"
            value={radius}
            onChange={(e) => {
              setRadius(e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 3));
              save.reset();
            }}
            className={`${INPUT} text-base`}
          />
        )}
      </Field>
      {initial.districts.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{T.districts}</legend>
          <p className="text-sm text-ink-soft">{T.districtsHint}</p>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
            {initial.districts.map((d) => (
              <label key={d.id} className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="district_ids"
                  value={d.id}
                  checked={districts.includes(d.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setDistricts((list) => (on ? [...list, d.id] : list.filter((x) => x !== d.id)));
                    save.reset();
                  }}
                  className="size-5 accent-brand"
                />
                {d.name}
              </label>
            ))}
          </div>
          {save.fieldErrors.district_ids && (
            <p className="text-sm text-error">{save.fieldErrors.district_ids}</p>
          )}
        </fieldset>
      )}
      <Field label={T.window} error={save.fieldErrors.window_minutes} className="sm:max-w-md">
        {(control) => (
          <select
            {...control}
            name="window_minutes"
            value={window}
            onChange={(e) => {
              setWindow(e.currentTarget.value);
              save.reset();
            }}
            className={`${INPUT} min-h-11 text-base`}
          >
            <option value="">{T.atTime}</option>
            {HOME_WINDOWS.map((m) => (
              <option key={m} value={m}>
                {T.windowOf(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SaveRow call={save} save="Сохранить" saved={T.saved} />
    </Form>
  );
}
