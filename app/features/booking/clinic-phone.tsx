import { pageEvent } from '../../../core/stats/calls';
import { api } from '../../lib/api';

/**
 * The clinic's phone as a `tel:` link. Pressing it counts as a press of the doctor's or clinic's
 * phone in the cabinet's effectiveness report (docs/product/cabinet.md) where no page beacon
 * counts it already (the doctor's and clinic's own pages do: PageStatsBeacon).
 */
export function ClinicPhoneLink({
  phone,
  countAs,
  className = 'font-medium text-brand hover:underline',
}: {
  /** As shown: '+7 495 123-45-67'. */
  phone: string;
  countAs?: { kind: 'doctor' | 'clinic'; id: number };
  className?: string;
}) {
  return (
    <a
      href={`tel:+${phone.replace(/\D/g, '')}`}
      className={className}
      onClick={() => {
        if (countAs) api.beacon(pageEvent, { kind: countAs.kind, id: String(countAs.id), event: 'phone' });
      }}
    >
      {phone}
    </a>
  );
}
