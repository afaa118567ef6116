import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { defineCall } from '../http/call';
import { MAX_ID, textInput } from '../http/contracts';

/**
 * Webhooks of a clinic's visits (docs/product/mis-api.md, 'Вебхуки'; ADR 040): the events, the
 * rules of an endpoint's address, the calls of the cabinet that register endpoints, list their
 * deliveries and send one again.
 */
export const WEBHOOK_EVENTS = [
  'appointment.booked',
  'appointment.moved',
  'appointment.canceled',
  'appointment.confirmed',
  'appointment.marked',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A clinic's endpoints at most. */
export const WEBHOOKS_LIMIT = 5;
/** An endpoint's address at most, in characters. */
export const WEBHOOK_URL_MAX = 500;
/** What a delivery keeps of the receiver's answer, in bytes. */
export const WEBHOOK_RESPONSE_KEPT = 1024;
/** How long one attempt may take, connection and answer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The delivery log's page. */
export const WEBHOOK_LOG_PAGE = 50;

export const WEBHOOK_TEXTS = {
  urlRequired: 'Укажите адрес вебхука',
  urlLong: `Адрес вебхука — не длиннее ${WEBHOOK_URL_MAX} символов`,
  badUrl: 'Адрес вебхука должен начинаться с https://',
  credentials: 'Адрес вебхука не должен содержать логин и пароль',
  privateAddress: 'Адрес вебхука ведёт во внутреннюю сеть: укажите адрес, доступный из интернета',
  unresolvable: 'Адрес вебхука не найден: проверьте имя сервера',
  badEvent: `Неизвестное событие: допустимы ${WEBHOOK_EVENTS.join(', ')}`,
  tooMany: `У клиники может быть не больше ${WEBHOOKS_LIMIT} вебхуков: удалите ненужный`,
  notFound: 'Вебхук не найден',
  deliveryNotFound: 'Доставка не найдена',
  signIn: 'Войдите в кабинет клиники',
  clinicOnly: 'Вебхуки есть только у клиник',
} as const;

/** The integration page's webhooks section (app/features/cabinet/webhooks.tsx). */
export const WEBHOOK_UI = {
  title: 'Вебхуки',
  lead: 'Портал отправит запрос на адрес вашей системы при каждой записи, переносе, отмене, подтверждении и отметке визита — опрашивать ленту изменений не нужно.',
  url: 'Адрес (https://)',
  events: 'События (ни одного — все)',
  create: 'Добавить вебхук',
  created: 'Секрет вебхука — он показан только сейчас. Проверяйте им подпись X-Webhook-Signature:',
  none: 'Вебхуков пока нет',
  allEvents: 'все события',
  remove: 'Удалить',
  log: 'Журнал доставок',
  logEmpty: 'Доставок пока не было',
  redeliver: 'Повторить',
  more: 'Показать ещё',
  loading: 'Загружаем…',
} as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'appointment.booked': 'запись',
  'appointment.moved': 'перенос',
  'appointment.canceled': 'отмена',
  'appointment.confirmed': 'подтверждение',
  'appointment.marked': 'отметка о визите',
};

export const WEBHOOK_STATE_LABELS: Record<(typeof WEBHOOK_DELIVERY_STATES)[number], string> = {
  new: 'в очереди',
  queued: 'в очереди',
  delivered: 'доставлено',
  failed: 'не доставлено',
};

/**
 * Whether an address may receive webhooks, by its text alone: `https://`, or `http://` to the
 * loopback outside production (a developer's receiver); no user name or password. The host's
 * resolved addresses are checked apart (`isPublicAddress`), on registering and on every attempt.
 */
export function urlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_TEXTS.badUrl;
  }
  if (url.username || url.password) return WEBHOOK_TEXTS.credentials;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production && isLoopbackHost(url.hostname)) return null;
  return WEBHOOK_TEXTS.badUrl;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && rangeOf(host) === 'loopback';
}

function rangeOf(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().range();
  return parsed.range();
}

/**
 * May the server connect to this IP address for a clinic? Only ordinary internet unicast ones:
 * never loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, the
 * cloud metadata address among them), carrier NAT, unspecified, multicast or reserved ranges
 * (IPv4-mapped IPv6 read as the IPv4 address). Outside production the loopback is allowed too.
 */
export function isAllowedAddress(address: string, production: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = rangeOf(address);
  return range === 'unicast' || (!production && range === 'loopback');
}

const EventSchema = z.enum(WEBHOOK_EVENTS, WEBHOOK_TEXTS.badEvent);

export const WebhookBodySchema = z.object({
  url: textInput(WEBHOOK_TEXTS.urlRequired)
    .transform((x) => x.trim())
    .pipe(z.string().min(1, WEBHOOK_TEXTS.urlRequired).max(WEBHOOK_URL_MAX, WEBHOOK_TEXTS.urlLong)),
  /** None named: every event. */
  events: z
    .array(EventSchema, WEBHOOK_TEXTS.badEvent)
    .max(WEBHOOK_EVENTS.length * 2, WEBHOOK_TEXTS.badEvent)
    .optional()
    .transform((list) => (list && list.length > 0 ? WEBHOOK_EVENTS.filter((e) => list.includes(e)) : null)),
});
export type WebhookBody = z.input<typeof WebhookBodySchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  /** null: every event. */
  events: z.array(EventSchema).nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhooksSchema = z.object({ webhooks: z.array(WebhookSchema), limit: z.number().int() });
export type Webhooks = z.infer<typeof WebhooksSchema>;

/** The secret is in this reply only. */
export const WebhookCreatedSchema = z.object({
  id: z.number().int(),
  secret: z.string(),
  webhook: WebhookSchema,
});
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATES = ['new', 'queued', 'delivered', 'failed'] as const;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `X-Webhook-Id` header: the same on each attempt and on a redelivery. */
  delivery_id: z.string(),
  webhook_id: z.number().int(),
  url: z.string(),
  appointment_id: z.number().int(),
  event: EventSchema,
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_response: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  /** The next page: deliveries older than this id. */
  before: z.number().int().nullable(),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

export const WebhookParamsSchema = z.object({ id: z.coerce.number<number>().int().positive().max(MAX_ID) });
export const WebhookLogQuerySchema = z.object({
  before: z.coerce.number<number>().int().positive().optional(),
});

export const cabinetWebhooks = defineCall<{ reply: Webhooks }>()('GET', '/cabinet/ajax/webhooks/');
export const cabinetCreateWebhook = defineCall<{ body: WebhookBody; reply: WebhookCreated }>()(
  'POST',
  '/cabinet/ajax/webhooks/',
);
export const cabinetDeleteWebhook = defineCall<{ params: { id: number }; reply: { ok: true } }>()(
  'DELETE',
  '/cabinet/ajax/webhooks/:id/',
);
export const cabinetWebhookDeliveries = defineCall<{
  query: { before?: number };
  reply: WebhookDeliveries;
}>()('GET', '/cabinet/ajax/webhooks/deliveries/');
/** 'Повторить': the delivery is sent again, with its own X-Webhook-Id and body. */
export const cabinetRedeliverWebhook = defineCall<{ params: { id: number }; reply: WebhookDelivery }>()(
  'POST',
  '/cabinet/ajax/webhooks/deliveries/:id/redeliver/',
);
