/**
 * 'Сообщить об ошибке': the report a doctor's or clinic's page sends (JSON or a form) and the
 * answer. The rules are mistake-report.ts's (shared with the form, which carries no zod).
 */
import { z } from 'zod';
import { MAX_ID, textInput } from '../http/contracts';
import { MISTAKE_MESSAGES, mistakeContactError, mistakeTextError } from './mistake-report';

/** A positive id, as a number (JSON) or digits (a form); an empty value means none. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number(message).int(message).positive(message).max(MAX_ID, message).optional(),
  );

const text = textInput(MISTAKE_MESSAGES.textRequired)
  .superRefine((v, ctx) => {
    const error = mistakeTextError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((v) => v.trim());

const contact = textInput('Некорректный контакт')
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
/** What the form sends: one of doctor_id and lpu_id, the text, the optional contact. */
export type MistakeReportBody = z.input<typeof MistakeReportSchema>;

/** 201: the report is kept; `detail` is the thanks the form shows. */
export const MistakeReportSentSchema = z.object({ id: z.number(), detail: z.string() });
export type MistakeReportSent = z.infer<typeof MistakeReportSentSchema>;
