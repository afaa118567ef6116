/**
 * The server's schema of POST /ajax/mistake_reports/ (JSON or a form): the rules of
 * mistake-report.ts in zod. Apart from them so that the browser bundle does not carry zod.
 */
import { z } from 'zod';
import { MISTAKE_MESSAGES, mistakeContactError, mistakeTextError } from './mistake-report';

/** A positive id, as a number (JSON) or digits (a form); an empty value means none. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message).optional(),
  );

const text = z
  .string(MISTAKE_MESSAGES.textRequired)
  .superRefine((v, ctx) => {
    const error = mistakeTextError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((v) => v.trim());

const contact = z
  .string('Некорректный контакт')
  .superRefine((v, ctx) => {
    const error = mistakeContactError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((v) => v.trim() || null)
  .nullish()
  .transform((v) => v ?? null);

export const MistakeReportSchema = z
  .object({
    doctor_id: optionalId('Некорректный идентификатор врача'),
    lpu_id: optionalId('Некорректный идентификатор клиники'),
    text,
    contact,
  })
  .refine((r) => (r.doctor_id === undefined) !== (r.lpu_id === undefined), {
    message: MISTAKE_MESSAGES.targetMissing,
  });

export type MistakeReportInput = z.infer<typeof MistakeReportSchema>;
