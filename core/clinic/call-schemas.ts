/**
 * Query schemas of the clinic price list and clinic doctors calls. Kept apart from the
 * widgets' helpers so that the browser bundle does not carry zod for them.
 */
import { z } from 'zod';
import { DOCTOR_GENDERS } from './doctor-filters';

const positiveId = (message: string) =>
  z
    .string(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);

const page = z
  .string('Некорректный номер страницы')
  .regex(/^\d{1,5}$/, 'Некорректный номер страницы')
  .transform(Number)
  .refine((n) => n >= 1, 'Некорректный номер страницы')
  .default(1);

/** 'true' / 'false' (also 1 / 0) as a query flag; absent is false. */
const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], `Некорректное значение ${name}`)
    .transform((v) => v === 'true' || v === '1')
    .default(false);

/** Free text: trimmed, an empty value is as good as none. */
const text = (max: number) =>
  z
    .string('Некорректный поисковый запрос')
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, `Запрос длиннее ${max} символов`)
    .optional()
    .transform((s) => s || undefined);

/** GET /ajax/lpu/services/ (spec section 7: lists services). */
export const PriceListQuerySchema = z
  .object({
    lpu_id: positiveId('Некорректный идентификатор клиники'),
    page,
    search_query: text(100),
    service_category_name: text(100),
    is_available_appointment_direct: flag('is_available_appointment_direct'),
  })
  .refine((q) => !(q.search_query && q.service_category_name), {
    message: 'Передайте либо search_query, либо service_category_name',
  });
export type PriceListQuery = z.infer<typeof PriceListQuerySchema>;

/** GET /ajax/lpu/{id}/doctors/: the clinic doctors page filters (spec 'Clinic doctors page'). */
export const ClinicDoctorsQuerySchema = z.object({
  speciality: positiveId('Некорректная специальность').optional(),
  staj: z
    .string('Некорректный стаж')
    .regex(/^\d{1,2}$/, 'Некорректный стаж')
    .transform(Number)
    .optional(),
  gender: z.enum(DOCTOR_GENDERS, 'Пол указывается как M или F').optional(),
  na_dom: flag('na_dom'),
  name: text(60),
  page,
  /** Staff on desktop see every matching card (spec section 5); honoured only for staff. */
  show_all: flag('show_all'),
});
export type ClinicDoctorsQuery = z.infer<typeof ClinicDoctorsQuerySchema>;

export const ClinicIdParamSchema = z.object({ id: positiveId('Некорректный идентификатор клиники') });
