import ipaddr from 'ipaddr.js';
import { isRecord } from '../http';

/**
 * The addresses YooKassa sends its notifications from, as it publishes them
 * (https://yookassa.ru/developers/using-api/webhooks, "IP authentication"). The default of
 * YOOKASSA_NOTIFICATION_IPS; when YooKassa changes the list, the setting changes, not the code.
 */
export const YOOKASSA_NOTIFICATION_IPS: readonly string[] = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

export const YOOKASSA_EVENTS = [
  'payment.succeeded',
  'payment.canceled',
  'payment.waiting_for_capture',
  'refund.succeeded',
] as const;
export type YooKassaEvent = (typeof YOOKASSA_EVENTS)[number];

// YooKassa's ids are 36-character UUID-like strings; the bound keeps a forged body's "id" from
// becoming anything but one path segment of the re-read.
const ID = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * The payment a notification names, `{type: "notification", event, object}`: `object.id` for
 * payment events, `object.payment_id` for a refund. Null for anything else. Only the id is
 * taken: the status in the body is never believed, the caller reads the payment again.
 */
export function yooKassaNotificationPaymentId(body: unknown): string | null {
  if (!isRecord(body) || body.type !== 'notification' || !isRecord(body.object)) return null;
  const event = YOOKASSA_EVENTS.find((known) => known === body.event);
  if (!event) return null;
  const id = event === 'refund.succeeded' ? body.object.payment_id : body.object.id;
  return typeof id === 'string' && ID.test(id) ? id : null;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * An allow-list of addresses and CIDR ranges, e.g. ['185.71.76.0/27', '77.75.156.11',
 * '2a02:5180::/32']. Throws on an entry that is neither, so a typo in the setting stops the
 * server at boot instead of silently refusing every notification. The returned check answers
 * false for anything that is not an address and treats an IPv4-mapped IPv6 address
 * (::ffff:185.71.76.1, what a dual-stack socket reports) as the IPv4 one.
 */
export function ipAllowList(entries: readonly string[]): (ip: string) => boolean {
  const ranges: Range[] = entries.map((entry) => {
    const text = entry.trim();
    try {
      if (text.includes('/')) return ipaddr.parseCIDR(text);
      const address = ipaddr.parse(text);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    } catch {
      throw new Error(`not an IP address or CIDR range: ${JSON.stringify(entry)}`);
    }
  });
  return (ip) => {
    // Four-part decimal only: ipaddr would also take '0x7f.1'-style forms no socket reports.
    if (!ipaddr.IPv4.isValidFourPartDecimal(ip) && !ipaddr.IPv6.isValid(ip)) return false;
    const address = ipaddr.process(ip);
    return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  };
}
