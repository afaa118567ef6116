import { IMaskInput } from 'react-imask';
import { type PhoneCountryIso, phoneCountry } from '../../../core/auth/phone';
import type { AuthFieldProps } from './field-props';

const COUNTRY_NAMES: Record<PhoneCountryIso, string> = {
  ru: 'Россия',
  az: 'Азербайджан',
  am: 'Армения',
  by: 'Беларусь',
  kz: 'Казахстан',
  kg: 'Киргизия',
  tj: 'Таджикистан',
  uz: 'Узбекистан',
  ee: 'Эстония',
  ge: 'Грузия',
  lt: 'Литва',
  lv: 'Латвия',
  md: 'Молдова',
};

/** The typing mask: the longest display mask with every national digit free ('#'). */
export function inputMaskOf(iso: PhoneCountryIso): string {
  const { code, masks } = phoneCountry(iso);
  const longest = masks[masks.length - 1];
  const prefix = `+${code} `;
  return prefix + longest.slice(prefix.length).replace(/\d/g, '#');
}

/** National digits of what the field shows ('+7 900 123-45-67' → '9001234567'). */
export function nationalDigitsOf(value: string, iso: PhoneCountryIso): string {
  const { code } = phoneCountry(iso);
  const digits = value.replace(/\D/g, '');
  return value.trimStart().startsWith(`+${code}`) ? digits.slice(code.length) : digits;
}

/** The same mask for IMask: '#' is a digit, and the country code's digits are fixed, not placeholders. */
function imaskPatternOf(iso: PhoneCountryIso): string {
  return inputMaskOf(iso).replace(/\d/g, '\\$&');
}

/**
 * Keeps pasted and autofilled numbers ('+79001234567', '8 900 …') from landing the country code
 * in the national part; for Russia a leading 7 or 8 typed into an empty field is the habit of
 * dialling a prefix, not the number, which must begin with 9. Called with what is being inserted
 * and the field's value before it.
 */
export function insertedPhoneText(iso: PhoneCountryIso, inserted: string, before: string): string {
  const { code, maxLength } = phoneCountry(iso);
  if (nationalDigitsOf(before, iso).length > 0) return inserted;
  const digits = inserted.replace(/\D/g, '');
  if (inserted.trimStart().startsWith(`+${code}`)) return digits.slice(code.length);
  if (digits.length > 1) {
    if (digits.length > maxLength && digits.startsWith(code)) return digits.slice(code.length);
    if (iso === 'ru' && digits.length === 11 && digits.startsWith('8')) return digits.slice(1);
    return digits;
  }
  if (iso === 'ru' && (digits === '7' || digits === '8')) return '';
  return inserted;
}

export interface PhoneFieldProps extends AuthFieldProps {
  iso: PhoneCountryIso;
  /** The countries offered; a country select appears when there is more than one. */
  countries: readonly PhoneCountryIso[];
  onIsoChange: (iso: PhoneCountryIso) => void;
  /** What the field shows at mount, formatted (a new country remounts it empty). */
  value: string;
}

/** Phone input with the country's mask ('+7 9## ###-##-##' for Russia). */
export function PhoneField({
  id,
  iso,
  countries,
  onIsoChange,
  value,
  onChange,
  error,
  errorId,
  disabled,
  inputRef,
}: PhoneFieldProps) {
  const field =
    'w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base outline-none focus:border-brand aria-[invalid=true]:border-error disabled:bg-canvas';
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        Номер телефона
      </label>
      <div className="mt-1 flex gap-2">
        {countries.length > 1 && (
          <select
            aria-label="Страна"
            value={iso}
            disabled={disabled}
            onChange={(e) => onIsoChange(e.target.value as PhoneCountryIso)}
            className="w-24 shrink-0 rounded-lg border border-line bg-surface px-2 py-2.5 text-base outline-none focus:border-brand"
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {`${COUNTRY_NAMES[c]} +${phoneCountry(c).code}`}
              </option>
            ))}
          </select>
        )}
        <IMaskInput
          key={iso}
          inputRef={inputRef}
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          // IMask reads the caret on each keystroke itself: a digit typed while the page is busy
          // (queued behind a render) still lands. The mask library before it refused any
          // keystroke that came before its caret-polling timer ran, and lost it (CI, under load).
          mask={imaskPatternOf(iso)}
          definitions={{ '#': /\d/ }}
          prepare={(inserted: string, masked: { value: string }) =>
            insertedPhoneText(iso, inserted, masked.value)
          }
          placeholder={phoneCountry(iso).masks[phoneCountry(iso).masks.length - 1].replace(/#/g, '_')}
          // Uncontrolled: the mask owns the DOM value (a controlled value loses fast keystrokes).
          defaultValue={value}
          onAccept={(shown: string) => onChange(shown)}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={field}
        />
      </div>
    </div>
  );
}
