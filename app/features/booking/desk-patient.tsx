import { type ReactNode, useState } from 'react';
import { nationalPhone } from '../../../core/auth/confirmation';
import { formatPhoneDigits } from '../../../core/auth/phone';
import { SignInForm } from '../auth/sign-in-form';

export const DESK_TEXTS = {
  ask: 'Подтвердите номер телефона пациента: мы пришлём на него код в СМС.',
  other: 'Записать другого пациента',
} as const;

/**
 * Staff booking for a patient at the desk (docs/product/sign-in.md): first the patient's phone
 * is confirmed by an SMS code (the staff calls, SMS only), then the booking form books for that
 * phone. 'Записать другого пациента' starts again with another phone.
 */
export function DeskPatient({
  form,
}: {
  /** The booking form for the confirmed phone: its 10 digits and how it reads. */
  form: (patient: { phone: string; shown: string }) => ReactNode;
}) {
  const [phone, setPhone] = useState<string | null>(null);
  if (phone === null)
    return (
      <div className="flex flex-col gap-3">
        <p>{DESK_TEXTS.ask}</p>
        <SignInForm next="" flow="staff" onConfirmed={setPhone} />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {form({ phone: nationalPhone(phone), shown: formatPhoneDigits(phone) })}
      <button
        type="button"
        onClick={() => setPhone(null)}
        className="self-start text-sm text-brand hover:underline"
      >
        {DESK_TEXTS.other}
      </button>
    </div>
  );
}
