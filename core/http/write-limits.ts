/**
 * How often one client may send the forms anyone can fill in (issue 48): mistake reports
 * ('Сообщить об ошибке', no sign-in needed), reviews and club coupon requests (each holds a
 * slot for 20 minutes). Counted per address key (an IPv6 client by its /64) and, when signed
 * in, per account; every attempt that passes the CSRF check and the call's schema counts,
 * whatever the service then answers. An address may stand for many people (a mobile carrier's
 * NAT, an office), so its caps are a few times an account's.
 */
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface WriteLimit {
  windowMs: number;
  perAddress: number;
  perAccount: number;
  /** The 429's `detail`. */
  text: string;
}

export const WRITE_LIMITS = {
  mistakeReport: {
    windowMs: HOUR_MS,
    perAddress: 20,
    perAccount: 10,
    text: 'Слишком много сообщений об ошибках. Попробуйте через час',
  },
  review: {
    windowMs: DAY_MS,
    perAddress: 30,
    perAccount: 10,
    text: 'Слишком много отзывов за сутки. Попробуйте завтра',
  },
  couponRequest: {
    windowMs: HOUR_MS,
    perAddress: 30,
    perAccount: 10,
    text: 'Слишком много запросов на запись по цене клуба. Попробуйте через час',
  },
} as const satisfies Record<string, WriteLimit>;

export type WriteLimitKind = keyof typeof WRITE_LIMITS;
