import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  WebhookBodySchema as BodySchema,
  cabinetCreateWebhook,
  cabinetDeleteWebhook,
  cabinetRedeliverWebhook,
  cabinetWebhookDeliveries,
  cabinetWebhooks,
  isAllowedAddress,
  urlProblem,
  WEBHOOK_LOG_PAGE,
  WEBHOOK_RESPONSE_KEPT,
  WEBHOOK_TEXTS,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOKS_LIMIT,
  type Webhook,
  type WebhookBodySchema,
  WebhookCreatedSchema,
  WebhookDeliveriesSchema,
  type WebhookDelivery,
  WebhookDeliverySchema,
  type WebhookEvent,
  WebhookLogQuerySchema,
  WebhookParamsSchema,
  WebhooksSchema,
} from '../../../core/mis/webhooks';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { causeOf, logThrottle } from '../../http/log-throttle';
import { serve } from '../../http/route';
import { JOB_KINDS } from '../../jobs/kinds';
import { type Job, type Jobs, preparedIn } from '../../jobs/queue';
import type { SessionViewer } from '../auth/viewer';
import { misAppointmentOf } from './visits';
import { createWebhooksRepo, type DeliveryRow, type EndpointRow } from './webhooks-repo';

/** The job kinds of webhooks (server/jobs/kinds.ts). */
export const WEBHOOK_JOBS = { outbox: 'webhooks.outbox', deliver: 'webhooks.deliver' } as const;

/** Outbox rows handed to the queue per drain. */
const DRAIN_BATCH = 500;
/**
 * Events one job sends at most (5 s each at worst, within the kind's 60 s expiry); a visit's
 * further events go on in a new job.
 */
const EVENTS_PER_JOB = 8;

/** `X-Webhook-Signature`: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The visit as the change feed shows it (server/modules/mis/service.ts `appointments`). */

const webhookOf = (e: EndpointRow): Webhook => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEvent[] | null,
  created_at: new Date(e.createdAt).toISOString(),
});

const deliveryOf = (d: DeliveryRow): WebhookDelivery => ({
  id: Number(d.id),
  delivery_id: d.deliveryId,
  webhook_id: d.endpointId,
  url: d.url,
  appointment_id: d.appointmentId,
  event: d.event as WebhookEvent,
  state: d.state,
  attempts: d.attempts,
  last_status: d.lastStatus,
  last_response: d.lastResponse,
  last_attempt_at: iso(d.lastAttemptAt),
  delivered_at: iso(d.deliveredAt),
  created_at: new Date(d.createdAt).toISOString(),
});

/** What one attempt came to: the HTTP status (null: no answer) and at most 1 KB of the answer. */
export interface AttemptResult {
  status: number | null;
  response: string;
}

/**
 * Resolves a host and refuses it unless every address it resolves to may be reached
 * (`isAllowedAddress`): a name resolving to one public and one internal address is refused.
 */
export async function checkHost(hostname: string, production: boolean): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookupAll(host, { all: true, verbatim: true });
    } catch {
      return WEBHOOK_TEXTS.unresolvable;
    }
  }
  if (addresses.length === 0) return WEBHOOK_TEXTS.unresolvable;
  return addresses.every((a) => isAllowedAddress(a.address, production))
    ? null
    : WEBHOOK_TEXTS.privateAddress;
}

/**
 * One POST of a delivery. The connection goes only to an address checked at this moment (the
 * lookup the socket itself uses refuses internal ones, so a name re-pointed after registering
 * is caught: DNS rebinding); redirects are not followed (a 3xx is a failed attempt); 5 s for
 * the whole attempt; at most 1 KB of the answer is read and kept.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  production: boolean,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, response: WEBHOOK_TEXTS.badUrl });
      return;
    }
    const problem = urlProblem(url, production);
    if (problem) {
      resolve({ status: null, response: problem });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowedAddress(host, production)) {
      resolve({ status: null, response: WEBHOOK_TEXTS.privateAddress });
      return;
    }
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const lookup = (
      hostname: string,
      options: { all?: boolean; family?: number },
      callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (err, addresses) => {
        if (err) return callback(err, '');
        const list = addresses as LookupAddress[];
        if (list.length === 0 || !list.every((a) => isAllowedAddress(a.address, production)))
          return callback(
            Object.assign(new Error(WEBHOOK_TEXTS.privateAddress), { code: 'EWEBHOOKTARGET' }),
            '',
          );
        if (options.all) callback(null, list);
        else callback(null, list[0].address, list[0].family);
      });
    };
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup: lookup as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_RESPONSE_KEPT) chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_KEPT) {
            res.destroy();
            done();
          }
        });
        const done = () =>
          finish({
            status: res.statusCode ?? null,
            response: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEPT).toString('utf8'),
          });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, response: `Нет ответа за ${WEBHOOK_TIMEOUT_MS / 1000} с` });
    }, WEBHOOK_TIMEOUT_MS);
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        status: null,
        response: (err.code === 'EWEBHOOKTARGET'
          ? WEBHOOK_TEXTS.privateAddress
          : err.code || err.message
        ).slice(0, WEBHOOK_RESPONSE_KEPT),
      }),
    );
    request.end(body);
  });
}

/**
 * Webhooks of the clinic's visits (ADR 040): endpoints registered in the cabinet; the outbox the
 * trigger on appointments fills in each visit's own transaction; its drain that hands every
 * (endpoint, visit) to the job queue ('webhooks.deliver', FIFO per key); the delivery, signed,
 * in order per visit, retried with backoff for about a day, then given up.
 */
export function createWebhooks({
  db,
  clock,
  jobs,
  production,
  send = postWebhook,
}: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  production: boolean;
  send?: typeof postWebhook;
}) {
  const repo = createWebhooksRepo(db);
  const retryLimit = JOB_KINDS[WEBHOOK_JOBS.deliver].retryLimit;

  function cabinetClinic(viewer: SessionViewer): { clinicId: number; userId: number } {
    if (viewer.userId === null) throw unauthorized(WEBHOOK_TEXTS.signIn);
    if (viewer.role !== 'clinic' || viewer.clinicId === null) throw forbidden(WEBHOOK_TEXTS.clinicOnly);
    return { clinicId: viewer.clinicId, userId: viewer.userId };
  }

  const keyOf = (endpointId: number, appointmentId: number) => `${endpointId}:${appointmentId}`;

  /** Moves the outbox's new rows into the queue, one job per (endpoint, visit); answers how many jobs. */
  async function drain(): Promise<number> {
    return db.transaction(async (tx) => {
      const keys = await repo.takeNew(tx, DRAIN_BATCH);
      if (keys.length === 0) return 0;
      await jobs.boss.insert(
        WEBHOOK_JOBS.deliver,
        keys.map((k) => ({
          data: { endpointId: k.endpointId, appointmentId: k.appointmentId },
          singletonKey: keyOf(k.endpointId, k.appointmentId),
          startAfter: clock.now(),
        })),
        { db: preparedIn(tx) },
      );
      return keys.length;
    });
  }

  /**
   * Delivers the endpoint's visit's events, oldest first, each only after the one before was
   * delivered or given up. A failed attempt throws: the job queue retries the job with backoff,
   * and the queue's FIFO per key holds the visit's later jobs back meanwhile. On the last attempt
   * the event is given up (logged 'failed') and the rest go on in a new job.
   */
  async function deliver(job: Job): Promise<void> {
    const { endpointId, appointmentId } = job.payload as { endpointId: number; appointmentId: number };
    const again = () =>
      jobs.boss.send(
        WEBHOOK_JOBS.deliver,
        { endpointId, appointmentId },
        { singletonKey: keyOf(endpointId, appointmentId), startAfter: clock.now() },
      );
    for (let sent = 0; ; sent++) {
      const head = await repo.head(endpointId, appointmentId);
      if (!head) return;
      if (sent === EVENTS_PER_JOB) {
        await again();
        return;
      }
      if (head.deleted) {
        await repo.drop(head.id);
        continue;
      }
      let body = head.body;
      if (body === null) {
        const visit = await repo.visit(appointmentId);
        body = await repo.fixBody(
          head.id,
          JSON.stringify({
            id: head.deliveryId,
            event: head.event,
            appointment: visit ? misAppointmentOf(visit) : null,
          }),
        );
      }
      const at = clock.now();
      const result = await send(
        head.url,
        body,
        { 'x-webhook-id': head.deliveryId, 'x-webhook-signature': webhookSignature(head.secret, body, at) },
        production,
      );
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      if (ok) {
        await repo.attempted(head.id, { state: 'delivered', ...result, at });
        continue;
      }
      const last = job.attempt > retryLimit;
      await repo.attempted(head.id, { state: last ? 'failed' : 'queued', ...result, at });
      if (!last) throw new Error(`webhook delivery ${head.deliveryId}: ${result.status ?? result.response}`);
      // Given up: the visit's next events get their own day of attempts.
      if (await repo.head(endpointId, appointmentId)) await again();
      return;
    }
  }

  return {
    drain,
    handlers: {
      [WEBHOOK_JOBS.outbox]: async () => {
        while ((await drain()) > 0);
      },
      [WEBHOOK_JOBS.deliver]: deliver,
    },

    async list(viewer: SessionViewer) {
      const { clinicId } = cabinetClinic(viewer);
      return { webhooks: (await repo.endpoints(db, clinicId)).map(webhookOf), limit: WEBHOOKS_LIMIT };
    },

    /** A new endpoint; its secret is in this reply only. The address is checked where it leads. */
    async create(viewer: SessionViewer, body: z.output<typeof WebhookBodySchema>) {
      const { clinicId, userId } = cabinetClinic(viewer);
      const problem =
        urlProblem(body.url, production) ?? (await checkHost(new URL(body.url).hostname, production));
      if (problem) throw badRequest(problem);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        await repo.lockClinic(tx, clinicId);
        if ((await repo.endpoints(tx, clinicId)).length >= WEBHOOKS_LIMIT)
          throw conflict('too_many_webhooks', WEBHOOK_TEXTS.tooMany);
        const now = clock.now();
        const row = await repo.insertEndpoint(tx, {
          clinicId,
          url: body.url,
          events: body.events,
          secret,
          createdBy: userId,
          at: now,
        });
        await repo.audit(tx, {
          userId,
          action: 'webhook.created',
          targetType: 'webhook_endpoints',
          targetId: row.id,
          before: null,
          after: { url: row.url, events: row.events },
          at: now,
        });
        return { id: row.id, secret, webhook: webhookOf(row) };
      });
    },

    async remove(viewer: SessionViewer, id: number) {
      const { clinicId, userId } = cabinetClinic(viewer);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.deleteEndpoint(tx, clinicId, id, now);
        if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
        await repo.audit(tx, {
          userId,
          action: 'webhook.deleted',
          targetType: 'webhook_endpoints',
          targetId: row.id,
          before: { url: row.url, events: row.events },
          after: null,
          at: now,
        });
        return { ok: true as const };
      });
    },

    async deliveries(viewer: SessionViewer, before?: number) {
      const { clinicId } = cabinetClinic(viewer);
      const rows = await repo.deliveries(clinicId, before, WEBHOOK_LOG_PAGE + 1);
      const page = rows.slice(0, WEBHOOK_LOG_PAGE);
      return {
        deliveries: page.map(deliveryOf),
        before: rows.length > WEBHOOK_LOG_PAGE ? Number(page.at(-1)?.id) : null,
      };
    },

    /** 'Повторить': a delivered or given-up delivery sent again, same X-Webhook-Id and body. */
    async redeliver(viewer: SessionViewer, id: number): Promise<WebhookDelivery> {
      const { clinicId } = cabinetClinic(viewer);
      const row = await db.transaction(async (tx) => {
        const requeued = await repo.requeue(tx, clinicId, id);
        if (!requeued) return undefined;
        await jobs.boss.send(
          WEBHOOK_JOBS.deliver,
          { endpointId: requeued.endpointId, appointmentId: requeued.appointmentId },
          {
            singletonKey: keyOf(requeued.endpointId, requeued.appointmentId),
            startAfter: clock.now(),
            db: preparedIn(tx),
          },
        );
        return requeued;
      });
      if (row) return deliveryOf(row);
      const existing = await repo.delivery(clinicId, id);
      if (!existing) throw notFound(WEBHOOK_TEXTS.deliveryNotFound);
      // Still in the queue: nothing to repeat, it is on its way.
      return deliveryOf(existing);
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;

/**
 * In a working process: the outbox drained every `everyMs` (a delivery within about a second of
 * its booking). The minute's cron ('webhooks.outbox') drains it too, should this process stop.
 */
export function startOutboxDrain(
  webhooks: Webhooks,
  everyMs: number,
  log: { warn(o: object, m: string): void },
) {
  let running = false;
  // A database outage fails every tick the same way: one line per cause a minute (docs/security.md).
  const admit = logThrottle({ windowMs: 60_000 });
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      while ((await webhooks.drain()) > 0);
    } catch (err) {
      const { log: logIt, repeated } = admit(causeOf(err));
      if (logIt) log.warn(repeated ? { err, repeated } : { err }, 'webhook outbox drain failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The cabinet's calls (session and CSRF, like the rest of it; administrators only). */
export async function webhookRoutes(app: FastifyInstance, { webhooks }: { webhooks: Webhooks }) {
  serve(app, cabinetWebhooks, { reply: WebhooksSchema }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return webhooks.list(await request.viewer());
  });
  serve(
    app,
    cabinetCreateWebhook,
    { body: BodySchema, reply: WebhookCreatedSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.status(201);
      return webhooks.create(await request.viewer(), request.body);
    },
  );
  serve(app, cabinetDeleteWebhook, { params: WebhookParamsSchema }, async (request) =>
    webhooks.remove(await request.viewer(), request.params.id),
  );
  serve(
    app,
    cabinetWebhookDeliveries,
    { query: WebhookLogQuerySchema, reply: WebhookDeliveriesSchema },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return webhooks.deliveries(await request.viewer(), request.query.before);
    },
  );
  serve(
    app,
    cabinetRedeliverWebhook,
    { params: WebhookParamsSchema, reply: WebhookDeliverySchema },
    async (request) => webhooks.redeliver(await request.viewer(), request.params.id),
  );
}
