import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';

export type OutboxMethod = 'sms' | 'call' | 'vk';

/** One code the dev adapters "sent": what a tester would have seen on the phone. */
export interface OutboxMessage {
  phone: string;
  method: OutboxMethod;
  /** The code to type; for a flash call the last 4 digits of `caller`. Null if the text had none. */
  code: string | null;
  text: string;
  /** Flash calls only: the made-up number that "called" the patient. */
  caller?: string;
  at: string;
}

/** One e-mail the dev e-mail adapter "sent" (a payment receipt): what the patient's inbox would hold. */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  at: string;
}

export type CallCheckStatus = 'waiting' | 'confirmed' | 'expired';

/** A call-in check: the patient is asked to call `callPhone` from `phone`. */
export interface OutboxCallCheck {
  checkId: string;
  phone: string;
  callPhone: string;
  status: CallCheckStatus;
  createdAt: string;
}

export interface DevLogger {
  info(obj: object, msg: string): void;
}

const KEEP = 50;

/**
 * In-memory stand-in for the patient's phone, shared by all dev adapters: the last codes sent and
 * the open call-in checks, shown on /dev/outbox. Lost on restart, which is fine for a dev tool.
 */
export class DevOutbox {
  private readonly messages: OutboxMessage[] = [];
  private readonly emails: OutboxEmail[] = [];
  private readonly checks = new Map<string, { check: OutboxCallCheck; expiresAt: number }>();
  private readonly clock: Clock;
  private readonly logger: DevLogger;
  private readonly callCheckTtlMs: number;
  private readonly ringListeners: ((checkId: string) => void)[] = [];

  constructor({
    clock,
    logger,
    callCheckTtlMs = 15 * 60_000,
  }: { clock: Clock; logger: DevLogger; callCheckTtlMs?: number }) {
    this.clock = clock;
    this.logger = logger;
    this.callCheckTtlMs = callCheckTtlMs;
  }

  record(message: Omit<OutboxMessage, 'at'>): OutboxMessage {
    const entry: OutboxMessage = { ...message, at: this.clock.now().toISOString() };
    this.messages.push(entry);
    if (this.messages.length > KEEP) this.messages.splice(0, this.messages.length - KEEP);
    // The log is where a developer without the outbox page open finds the code.
    this.logger.info(
      { phone: entry.phone, method: entry.method, code: entry.code, caller: entry.caller },
      `dev ${entry.method} code ${entry.code ?? '(none)'} to ${entry.phone}`,
    );
    return entry;
  }

  recordEmail(email: Omit<OutboxEmail, 'id' | 'at'>): OutboxEmail {
    const entry: OutboxEmail = { ...email, id: randomUUID(), at: this.clock.now().toISOString() };
    this.emails.push(entry);
    if (this.emails.length > KEEP) this.emails.splice(0, this.emails.length - KEEP);
    this.logger.info({ to: entry.to, subject: entry.subject }, `dev e-mail to ${entry.to}: ${entry.subject}`);
    return entry;
  }

  /** Newest first. */
  listEmails(): OutboxEmail[] {
    return [...this.emails].reverse();
  }

  /** Newest first. */
  listMessages(): OutboxMessage[] {
    return [...this.messages].reverse();
  }

  /** The newest code sent to a phone, if any (handy in tests and scripts). */
  lastCode(phone: string, method?: OutboxMethod): string | null {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m.phone === phone && (!method || m.method === method)) return m.code;
    }
    return null;
  }

  openCheck(phone: string, callPhone: string): OutboxCallCheck {
    const now = this.clock.now();
    const check: OutboxCallCheck = {
      checkId: randomUUID(),
      phone,
      callPhone,
      status: 'waiting',
      createdAt: now.toISOString(),
    };
    this.checks.set(check.checkId, { check, expiresAt: now.getTime() + this.callCheckTtlMs });
    if (this.checks.size > KEEP) {
      const oldest = this.checks.keys().next().value;
      if (oldest !== undefined) this.checks.delete(oldest);
    }
    this.logger.info(
      { phone, callPhone, checkId: check.checkId },
      `dev call-in check for ${phone}: call ${callPhone}`,
    );
    return { ...check };
  }

  /**
   * A check this process never opened reads as waiting: with several app processes another
   * one may have opened it, and the call request's own expiry (15 minutes) ends it anyway.
   */
  checkStatus(checkId: string): CallCheckStatus {
    return this.current(checkId)?.status ?? 'waiting';
  }

  /** Called after each successful ring, as a real provider's callback would be. */
  onRing(listener: (checkId: string) => void): void {
    this.ringListeners.push(listener);
  }

  /** Newest first, with their current status. */
  listChecks(): OutboxCallCheck[] {
    return [...this.checks.keys()]
      .map((id) => this.current(id))
      .filter((c): c is OutboxCallCheck => c !== undefined)
      .reverse();
  }

  /** Simulates the patient's call. False when there is no waiting check with this id. */
  ring(checkId: string): boolean {
    const entry = this.checks.get(checkId);
    if (!entry || this.current(checkId)?.status !== 'waiting') return false;
    entry.check.status = 'confirmed';
    this.logger.info(
      { phone: entry.check.phone, checkId },
      `dev call-in check confirmed for ${entry.check.phone}`,
    );
    for (const listener of this.ringListeners) listener(checkId);
    return true;
  }

  private current(checkId: string): OutboxCallCheck | undefined {
    const entry = this.checks.get(checkId);
    if (!entry) return undefined;
    if (entry.check.status === 'waiting' && this.clock.now().getTime() >= entry.expiresAt) {
      entry.check.status = 'expired';
    }
    return { ...entry.check };
  }
}

/** The code inside a message text: its first run of 4 to 8 digits. */
export function codeInText(text: string): string | null {
  return /(?<!\d)\d{4,8}(?!\d)/.exec(text)?.[0] ?? null;
}
