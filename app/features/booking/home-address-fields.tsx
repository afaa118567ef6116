import {
  type HomeAddressRequest,
  HomeAddressSchema,
  type HomeVisitSetup,
} from '../../../core/booking/home-address';
import { HOME_ADDRESS_LIMITS, HOME_TEXTS } from '../../../core/booking/home-visit';
import { fieldErrors } from '../../../core/http/contracts';
import { Field, INPUT } from '../../components/ui/field';

/** The home address as the form holds it (the district as the select's value, '' for none). */
export interface HomeAddressForm {
  street: string;
  house: string;
  flat: string;
  entrance: string;
  floor: string;
  intercom: string;
  note: string;
  district: string;
}

export const NO_HOME_ADDRESS: HomeAddressForm = {
  street: '',
  house: '',
  flat: '',
  entrance: '',
  floor: '',
  intercom: '',
  note: '',
  district: '',
};

/** The patient's last home address in the town, offered again. */
export function homeAddressOf(setup: HomeVisitSetup | null): HomeAddressForm {
  const last = setup?.lastAddress;
  if (!last) return NO_HOME_ADDRESS;
  const known = last.district_id !== null && setup.districts.some((d) => d.id === last.district_id);
  return { ...last, district: known ? String(last.district_id) : '' };
}

/** The call's `home_address` of what the form holds. */
export function homeAddressRequest(a: HomeAddressForm): HomeAddressRequest {
  const { district, ...rest } = a;
  return { ...rest, district_id: district ? Number(district) : null };
}

/**
 * The form's own check of the address, field by field (the server checks it again): the
 * schema's words, the district when the town has districts, and 'Врач не выезжает по этому
 * адресу' at once for a district the clinic does not serve when it set no radius (with a
 * radius, only the server can place the house).
 */
export function homeAddressErrors(a: HomeAddressForm, setup: HomeVisitSetup): Record<string, string> {
  const parsed = HomeAddressSchema.safeParse(homeAddressRequest(a));
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if (setup.districts.length > 0 && !a.district) errors.district_id = HOME_TEXTS.district;
  else if (
    a.district &&
    setup.servedDistrictIds.length > 0 &&
    !setup.hasRadius &&
    !setup.servedDistrictIds.includes(Number(a.district))
  )
    errors.district_id = HOME_TEXTS.outside;
  return errors;
}

/** 'Врач приедет с 10:00 до 12:00' for the chosen 'dd.MM.yyyy HH:mm' and the clinic's window. */
export function windowText(slot: string, minutes: number): string {
  const [h, m] = slot.slice(-5).split(':').map(Number);
  const clock = (total: number) =>
    `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return `Врач приедет с ${clock(h * 60 + m)} до ${clock(h * 60 + m + minutes)}`;
}

type Key = Exclude<keyof HomeAddressForm, 'district'>;

const LINE_FIELDS: { key: Key; label: string; autoComplete?: string; wide?: boolean }[] = [
  { key: 'street', label: 'Улица', autoComplete: 'address-line1', wide: true },
  { key: 'house', label: 'Дом, корпус' },
  { key: 'flat', label: 'Квартира' },
  { key: 'entrance', label: 'Подъезд' },
  { key: 'floor', label: 'Этаж' },
  { key: 'intercom', label: 'Домофон' },
];

/** 'Куда приедет врач': the address fields of a home visit, with their messages. */
export function HomeAddressFields({
  setup,
  value,
  errors,
  slot,
  onChange,
}: {
  setup: HomeVisitSetup;
  value: HomeAddressForm;
  errors: Record<string, string>;
  slot: string;
  onChange: (key: keyof HomeAddressForm, value: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-4" aria-label="Адрес для вызова врача">
      <legend className="text-lg font-semibold">Куда приедет врач</legend>
      {setup.windowMinutes && (
        <p className="text-sm" role="note" data-testid="home-window">
          {windowText(slot, setup.windowMinutes)}
        </p>
      )}
      {errors.home_address && (
        <p className="text-sm text-error" role="alert">
          {errors.home_address}
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {setup.districts.length > 0 && (
          <Field label="Район" error={errors.district_id} className="col-span-2 sm:col-span-4">
            {(control) => (
              <select
                {...control}
                name="district"
                value={value.district}
                onChange={(e) => onChange('district', e.target.value)}
                className={`${INPUT} min-h-11 text-base`}
              >
                <option value="">Выберите район</option>
                {setup.districts.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {LINE_FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.key === 'street' || f.key === 'house' ? `${f.label} *` : f.label}
            error={errors[f.key]}
            className={f.wide ? 'col-span-2 sm:col-span-3' : undefined}
          >
            {(control) => (
              <input
                {...control}
                name={`home_${f.key}`}
                type="text"
                value={value[f.key]}
                maxLength={HOME_ADDRESS_LIMITS[f.key]}
                autoComplete={f.autoComplete ?? 'off'}
                onChange={(e) => onChange(f.key, e.target.value)}
                className={`${INPUT} scroll-mt-28 text-base`}
              />
            )}
          </Field>
        ))}
        <Field label="Комментарий для врача" error={errors.note} className="col-span-2 sm:col-span-4">
          {(control) => (
            <textarea
              {...control}
              name="home_note"
              rows={2}
              value={value.note}
              maxLength={HOME_ADDRESS_LIMITS.note}
              onChange={(e) => onChange('note', e.target.value)}
              className={`${INPUT} scroll-mt-28 text-base`}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
