import type { ReceptionVisit } from '../../../core/cabinet/contracts';

/** For the cabinet's component tests: Петров Пётр's active visit to Иванова Анна Петровна, 5 March 2030 at 10:00 Moscow. */
export const receptionVisit = (change: Partial<ReceptionVisit> = {}): ReceptionVisit => ({
  id: 501,
  startsAt: '2030-03-05T07:00:00Z',
  endsAt: '2030-03-05T07:30:00Z',
  tz: 'Europe/Moscow',
  status: 'active',
  visitType: 'clinic',
  patientName: 'Петров Пётр',
  patientPhone: '79001234567',
  doctor: { id: 7, name: 'Иванова Анна Петровна' },
  service: null,
  clinicName: 'Клиника на Ленина',
  price: null,
  prepaid: null,
  canceledBy: null,
  cancelReason: null,
  confirmed: false,
  ...change,
});
