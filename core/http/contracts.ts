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

/** The largest database id: ids are PostgreSQL `integer`s, and a bigger one fails the query. */
export const MAX_ID = 2_147_483_647;

/** A database id in a path or a body: a positive 32-bit integer (numbers or numeric strings). */
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

/**
 * Control characters no one types: C0 controls other than tab and line breaks, and DEL.
 * PostgreSQL refuses NUL in text outright, so such a field must be refused before any query.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Текст содержит недопустимые управляющие символы';

export function hasControlCharacters(s: string): boolean {
  return CONTROL_CHARACTERS.test(s);
}

/**
 * Free text from a request (a review, a search, a name, a key): a string without control
 * characters. Every string field of a request body or query is one of these; `message` is what
 * a missing or non-string value answers.
 */
export function textInput(message?: string) {
  return z.string(message).refine((s) => !hasControlCharacters(s), CONTROL_CHARACTERS_MESSAGE);
}

/**
 * 'yyyy-MM-dd' that is a real calendar date (not 2026-02-30) of a year from `fromYear` to
 * `toYear`: dates far outside the product's range only ever come from a broken or hostile client.
 */
export function isCalendarDate(s: string, fromYear = 1900, toYear = 2100): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < fromYear || year > toYear) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Messages by field, the first issue of each (a form shows one message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
