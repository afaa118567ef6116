/**
 * Every kind of job, with its policy: the one place a new kind is added (docs/architecture.md,
 * "Jobs"). Each kind is a pg-boss queue of the same name; `server/jobs/queue.ts` creates the
 * queues, their dead-letter queue and the cron schedules from this list at start, and
 * `server/app.ts` gives each kind its handler (the type makes a missing one a compile error).
 */
export interface JobKind {
  /** Attempts after the first one; each waits longer (exponential backoff from retryDelay). */
  retryLimit: number;
  /** Seconds before the first retry; later ones double it, up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /**
   * How long one attempt may run before it counts as failed and is retried (a worker killed
   * mid-job leaves it active this long). Provider calls have their own, shorter timeouts.
   */
  expireInSeconds: number;
  /**
   * 'exclusive': at most one job of the kind waiting or running, whatever sends it (two app
   * processes, a cron tick and a retry): for work two copies of must never do at once.
   */
  policy?: 'standard' | 'exclusive' | 'key_strict_fifo';
  /** A recurring kind: a cron expression in a time zone; pg-boss sends one job per tick across all processes. */
  cron?: { expression: string; tz: string };
  /** Jobs of the kind one process runs at a time. */
  concurrency?: number;
  /** How often a worker polls the kind's queue, if not the queue's default (2 s). */
  pollSeconds?: number;
  /**
   * Jobs one worker claims per fetch (1 when unset). A batch's jobs run side by side, each
   * completed or failed on its own (a failed one is retried alone); a full batch is followed by
   * the next fetch at once instead of the next poll, until a fetch comes back short.
   */
  batchSize?: number;
  /**
   * Workers are woken as soon as a job of the kind is committed, by any process (PostgreSQL's
   * LISTEN/NOTIFY), instead of at their next poll; the poll stays as the backstop.
   */
  notify?: true;

  /**
   * A cron kind that follows the clock closely (each minute): the tests' manual queue, whose
   * clock moves without a cron, runs it first in every `runDue()`, as the cron would have by then.
   */
  sweep?: true;
}

/** Failed jobs of every kind end here, their payload and error kept for staff (and a redrive). */
export const DEAD_LETTER_QUEUE = 'jobs.dead-letters';
/** How long a dead letter is kept: 90 days. */
export const DEAD_LETTER_RETENTION_SECONDS = 90 * 86_400;

/**
 * A text message to a patient: retried over about two hours (1, 2, 4, 8 minutes…), then a dead
 * letter. Sent within seconds (ADR 049): a committed job wakes the kind's 4 workers at once,
 * and each claims up to 4 jobs per fetch and fetches again at once while batches come full, so
 * a backlog drains at the handlers' own speed. One job per fetch and a 2 s poll (4 workers)
 * sent 2.3 a second: 2,000 bookings' confirmations took 12.6 minutes.
 */
const SMS: JobKind = {
  retryLimit: 6,
  retryDelay: 60,
  retryDelayMax: 3_600,
  expireInSeconds: 300,
  concurrency: 4,
  batchSize: 4,
  notify: true,
};

export const JOB_KINDS = {
  /**
   * A new booking's messages, at once: the patient's confirmation, then the clinic's SMS and
   * e-mail (server/modules/booking/messages.ts).
   */
  'booking.confirmation': SMS,
  /**
   * Each minute: queues the reminders whose time has come (server/modules/booking/messages.ts).
   * One at a time; a missed minute is made up by the next (it queues every reminder due).
   */
  'booking.reminders-due': {
    retryLimit: 2,
    retryDelay: 30,
    retryDelayMax: 60,
    expireInSeconds: 120,
    policy: 'exclusive',
    cron: { expression: '* * * * *', tz: 'Europe/Moscow' },
    sweep: true,
  },
  /** The reminder 24 hours before the visit. */
  'booking.reminder': SMS,
  /** The reminder 2 hours before the visit. */
  'booking.reminder-2h': SMS,
  /** The patient's SMS when the clinic cancels a visit in its cabinet. */
  'booking.canceled-by-clinic': SMS,
  /** The patient's SMS of a visit's new time after moving it. */
  'booking.moved': SMS,
  /** The patient's SMS when the clinic confirms the visit at its front desk. */
  'booking.confirmed-by-clinic': SMS,
  /**
   * The clinic's SMS and e-mail of a new booking (server/modules/booking/clinic-messages.ts): a
   * job of this kind was queued before the confirmation's job told the clinic (ADR 030).
   */
  'booking.clinic-new': SMS,
  /** The clinic's SMS and e-mail of a patient's cancel on the site. */
  'booking.clinic-canceled': SMS,
  /** The clinic's SMS and e-mail of a patient's callback request (server/modules/booking/clinic-messages.ts). */
  'booking.clinic-callback': SMS,
  /** The clinic's SMS and e-mail of a review published about it or its doctor (server/modules/reviews/notices.ts). */
  'reviews.clinic-notice': SMS,
  /**
   * Each minute: claims the review invitations of the visits over by now and queues their SMS
   * (server/modules/reviews/invitations). One at a time; a missed minute is made up by the next.
   */
  'reviews.invitations-due': {
    retryLimit: 2,
    retryDelay: 30,
    retryDelayMax: 60,
    expireInSeconds: 120,
    policy: 'exclusive',
    cron: { expression: '* * * * *', tz: 'Europe/Moscow' },
    sweep: true,
  },
  /** A patient's SMS inviting a review of a visit that is over, with its one-time link. */
  'reviews.invitation': SMS,
  /** A patient's SMS of a freed time from the waitlist (server/modules/booking/waitlist.ts). */
  'waitlist.offer': SMS,
  /** A day off removed: the reopened day's free times are offered to the waitlist. */
  'waitlist.opened': {
    retryLimit: 4,
    retryDelay: 60,
    retryDelayMax: 900,
    expireInSeconds: 600,
  },
  /** The hourly end of waitlist requests whose days or visit have passed. */
  'waitlist.clean-up': {
    retryLimit: 2,
    retryDelay: 300,
    retryDelayMax: 900,
    expireInSeconds: 900,
    policy: 'exclusive',
    cron: { expression: '15 * * * *', tz: 'Europe/Moscow' },
  },
  /** A club payment's receipt e-mail, once per payment (server/modules/club/payments.ts). */
  'club.send-receipt': {
    retryLimit: 6,
    retryDelay: 60,
    retryDelayMax: 3_600,
    expireInSeconds: 300,
    concurrency: 2,
  },
  /**
   * Money back through the provider (server/modules/club/refunds.ts): a paid coupon that could not
   * become a booking, a second or late card payment, a payment for another sum.
   */
  'club.refund': {
    retryLimit: 8,
    retryDelay: 60,
    retryDelayMax: 3_600,
    expireInSeconds: 300,
  },
  /**
   * Each minute: the doctors' first free times whose time has come (a write marked them, the
   * day rolled over, a notice or hold passed) recomputed (server/modules/directory/first-free.ts,
   * ADR 046). One at a time; the lists also recompute up to 100 before they read.
   */
  'directory.first-free-refresh': {
    retryLimit: 2,
    retryDelay: 30,
    retryDelayMax: 60,
    expireInSeconds: 120,
    policy: 'exclusive',
    cron: { expression: '* * * * *', tz: 'Europe/Moscow' },
    sweep: true,
  },
  /** The nightly refresh of the stars at 04:00 Moscow time (server/modules/reviews/rating/service.ts). */
  'reviews.refresh-stars': {
    retryLimit: 3,
    retryDelay: 300,
    retryDelayMax: 3_600,
    expireInSeconds: 1_800,
    policy: 'exclusive',
    cron: { expression: '0 4 * * *', tz: 'Europe/Moscow' },
  },
  /**
   * The hourly sweep of cabinet uploads no row names: clinic images and doctors' scans
   * (server/modules/cabinet/upload-cleanup.ts).
   */
  'cabinet.clean-up-uploads': {
    retryLimit: 2,
    retryDelay: 300,
    retryDelayMax: 900,
    expireInSeconds: 900,
    policy: 'exclusive',
    cron: { expression: '15 * * * *', tz: 'Europe/Moscow' },
  },
  /** The hourly clean-up of orphaned review documents (server/modules/reviews/write/cleanup.ts). */
  'reviews.clean-up-documents': {
    retryLimit: 2,
    retryDelay: 300,
    retryDelayMax: 900,
    expireInSeconds: 900,
    policy: 'exclusive',
    cron: { expression: '0 * * * *', tz: 'Europe/Moscow' },
  },
  /** The nightly sweep of ad impressions older than 30 days (server/modules/promo/ads-sweep.ts). */
  'ads.sweep-impressions': {
    retryLimit: 2,
    retryDelay: 300,
    retryDelayMax: 900,
    expireInSeconds: 1_800,
    policy: 'exclusive',
    cron: { expression: '30 3 * * *', tz: 'Europe/Moscow' },
  },
  /**
   * The nightly sweep of the integration's kept replies (7 days) and finished webhook deliveries
   * (30 days), which name patients (server/modules/mis/retention.ts).
   */
  /**
   * The nightly erasure of patients' profiles deleted 30 days ago (server/modules/profile/erasure.ts,
   * docs/product/profile.md).
   */
  'profile.erase-deleted': {
    retryLimit: 3,
    retryDelay: 300,
    retryDelayMax: 3_600,
    expireInSeconds: 1_800,
    policy: 'exclusive',
    cron: { expression: '20 3 * * *', tz: 'Europe/Moscow' },
  },
  'mis.sweep-kept': {
    retryLimit: 2,
    retryDelay: 300,
    retryDelayMax: 900,
    expireInSeconds: 1_800,
    policy: 'exclusive',
    cron: { expression: '45 3 * * *', tz: 'Europe/Moscow' },
  },
  /**
   * Each minute (and every 0.2 s in a working process): the webhooks' outbox handed to the queue
   * (server/modules/mis/webhooks.ts, ADR 040).
   */
  'webhooks.outbox': {
    retryLimit: 2,
    retryDelay: 10,
    retryDelayMax: 60,
    expireInSeconds: 120,
    policy: 'exclusive',
    cron: { expression: '* * * * *', tz: 'Europe/Moscow' },
    sweep: true,
  },
  /**
   * A webhook's deliveries of one visit to one endpoint, in order (FIFO per key): retried 5, 10,
   * 20 s … up to an hour apart, about a day in all (33 retries), then given up. A worker takes
   * one job per poll: 16 workers polling every 0.5 s take up to 32 a second (8 were 16 a second,
   * under the bench's 20 bookings/s, and the delivery's p95 grew to 2.7 s).
   */
  'webhooks.deliver': {
    retryLimit: 33,
    retryDelay: 5,
    retryDelayMax: 3_600,
    expireInSeconds: 60,
    policy: 'key_strict_fifo',
    concurrency: 16,
    pollSeconds: 0.5,
  },
} as const satisfies Record<string, JobKind>;

export type JobKindName = keyof typeof JOB_KINDS;
