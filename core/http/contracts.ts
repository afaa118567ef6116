/**
 * The error body every call answers with a 4xx or 5xx (ADR 007): `detail` is the text a person
 * reads (the product's Russian wording), `code` a stable word for programs, `errors` a form's
 * messages by field. Some refusals carry more (a failed booking offers other times); those
 * fields sit beside these.
 */
import { z } from 'zod';
import './zod-russian';

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
 * Characters PostgreSQL cannot store in text or jsonb: NUL (a control character, see above), and a
 * UTF-16 surrogate without its pair (JSON's '\\ud800' escape makes one; UTF-8 has no spelling for it).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Текст содержит недопустимые символы';

/** Why PostgreSQL would refuse this string (the Russian refusal), or null when it stores it. */
export function unstorableTextMessage(s: string): string | null {
  if (s.includes('\u0000')) return CONTROL_CHARACTERS_MESSAGE;
  return LONE_SURROGATE.test(s) ? UNSTORABLE_TEXT_MESSAGE : null;
}

/**
 * Where in a parsed request part (a body, a query, path parameters) a string or a key holds
 * characters PostgreSQL cannot store: the top-level field's name ('' for the part itself) and
 * the refusal, or null when there is none. Walks plain objects and arrays only (a multipart
 * field is a plain object with its text in `value`; files and buffers are not text), each
 * object once, without recursion (a body may nest as deep as its size allows).
 */
export function unstorableText(part: unknown): { field: string; detail: string } | null {
  const seen = new WeakSet<object>();
  const refusal = (root: unknown): string | null => {
    const stack = [root];
    while (stack.length > 0) {
      const value = stack.pop();
      if (typeof value === 'string') {
        const detail = unstorableTextMessage(value);
        if (detail) return detail;
        continue;
      }
      if (value === null || typeof value !== 'object' || seen.has(value)) continue;
      seen.add(value);
      if (Array.isArray(value)) {
        for (const inner of value) stack.push(inner);
        continue;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) continue;
      for (const [key, inner] of Object.entries(value)) stack.push(key, inner);
    }
    return null;
  };
  if (part === null || typeof part !== 'object' || Array.isArray(part)) {
    const detail = refusal(part);
    return detail ? { field: '', detail } : null;
  }
  seen.add(part);
  for (const [key, value] of Object.entries(part)) {
    const detail = refusal(key) ?? refusal(value);
    if (detail) return { field: key, detail };
  }
  return null;
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
