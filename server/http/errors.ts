/**
 * The one error style (ADR 007): a service refuses by throwing a DomainError with a stable
 * code, the text a person reads and the HTTP status; the one handler (error-handler.ts) turns
 * it into `{detail, code, ...extra}`. Services never build replies and never return `{ok:false}`.
 */
export class DomainError extends Error {
  constructor(
    /** A stable word for programs and tests: 'slot_taken', 'not_found', 'forbidden'… */
    readonly code: string,
    /** What the person reads (the product's Russian wording). */
    readonly detail: string,
    readonly status: number = 400,
    /** More fields for the body (a form's `errors`, a failed booking's `alternatives`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }

  /** Fastify's name for the status, so that an app without our handler still answers the 4xx. */
  get statusCode(): number {
    return this.status;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('bad_request', detail, 400, extra);
export const unauthorized = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('unauthorized', detail, 401, extra);
export const forbidden = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('forbidden', detail, 403, extra);
export const notFound = (detail = 'Не найдено') => new DomainError('not_found', detail, 404);
export const conflict = (code: string, detail: string, extra?: Record<string, unknown>) =>
  new DomainError(code, detail, 409, extra);
export const tooManyRequests = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('too_many_requests', detail, 429, extra);
/** A dependency (Redis) does not answer: the product's text for a failed call, 503. */
export const serviceUnavailable = (detail = 'Произошла ошибка. Обновите страницу и попробуйте еще раз.') =>
  new DomainError('service_unavailable', detail, 503);
