/**
 * The error body every call answers with a 4xx or 5xx (ADR 007): `detail` is the text a person
 * reads (the product's Russian wording), `code` a stable word for programs, `errors` a form's
 * messages by field. Some refusals carry more (a failed booking offers other times); those
 * fields sit beside these.
 */
import { z } from 'zod';

export const ErrorBodySchema = z.looseObject({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A database id in a path or a body: a positive 32-bit integer (numbers or numeric strings). */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Messages by field, the first issue of each (a form shows one message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
