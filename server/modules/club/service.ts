import { randomUUID } from 'node:crypto';
import type {
  CardRequestBody,
  CardRequestCreated,
  CardRequestStatusReply,
  ClubCard,
  ClubUserData,
} from '../../../core/club/contracts';
import {
  CLUB_PAYMENT_MS,
  CLUB_TEXTS,
  cardEnd,
  cardReturnUrl,
  clubAccess,
  clubCardUrl,
  isReceiptEmail,
  nextCardPrice,
  toRoubles,
} from '../../../core/club/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  notFound,
  serviceUnavailable,
  unauthorized,
} from '../../http/errors';
import type { PaymentsProvider, ProviderPayment } from '../../providers/payments/payments-provider';
import { ProviderError } from '../../providers/provider-error';
import type { SessionViewer } from '../auth/viewer';
import { type ClubPayments, newCardToken } from './payments';
import { type ClubCardRow, createClubRepo } from './repo';

export type ClubService = ReturnType<typeof createClubService>;

/** The widget's error dialog for a work account: its title, message and one 'Понятно' button. */
const WORK_ACCOUNT_EXTRA = {
  title: CLUB_TEXTS.workAccountTitle,
  message: CLUB_TEXTS.workAccountHint,
  hint: CLUB_TEXTS.workAccountHint,
  button_state: { submit: { text: 'Понятно', action: 'close' }, cancel: null },
};

/** What the notification endpoint did, for its reply ('unavailable': the provider could not be read). */
export type NotificationOutcome = 'applied' | 'unknown' | 'refused' | 'unreadable' | 'unavailable';

/** The card's line at the provider: the payment's description and its one receipt line. */
const CARD_DESCRIPTION = 'Клубная карта ПроДокторов на 6 месяцев';

/**
 * The club's card calls (docs/product/club.md): the patient's club data, the free first card,
 * paying for a later card and its status. Patients only: work accounts 403, anonymous 401.
 */
export function createClubService({
  db,
  clock,
  provider,
  payments,
  publicOrigin,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  payments: ClubPayments;
  publicOrigin: string;
}) {
  const repo = createClubRepo(db);
  const cardLink = (token: string) => clubCardUrl(publicOrigin, token);
  const cardOf = (card: ClubCardRow): ClubCard => ({
    dt_start: card.dtStart.toISOString(),
    dt_end: card.dtEnd.toISOString(),
    mt_link: cardLink(card.token),
  });

  function patientId(viewer: SessionViewer): number {
    const access = clubAccess(viewer);
    if (access === 'work-account') throw forbidden(CLUB_TEXTS.workAccountTitle, WORK_ACCOUNT_EXTRA);
    if (access === 'sign-in' || viewer.userId === null) throw unauthorized(CLUB_TEXTS.signIn);
    return viewer.userId;
  }

  /** Re-reads a request's payment at the provider and applies it; an outage leaves it as it was. */
  async function sync(providerPaymentId: string | null) {
    if (!providerPaymentId) return;
    try {
      await payments.apply(providerPaymentId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
    }
  }

  async function statusOf(requestId: number, userId: number): Promise<CardRequestStatusReply> {
    let row = await repo.request(requestId);
    if (!row || row.request.userId !== userId) throw notFound(CLUB_TEXTS.requestNotFound);
    if (row.request.status === 'in_process') {
      await sync(row.payment?.providerPaymentId ?? null);
      row = (await repo.request(requestId)) ?? row;
      if (row.request.status === 'in_process' && clock.now() >= row.request.expiresAt) {
        await repo.expire(requestId, clock.now());
        row = (await repo.request(requestId)) ?? row;
      }
    }
    const { request, card } = row;
    return {
      id: request.id,
      status: request.status,
      dt_start: card ? card.dtStart.toISOString() : null,
      dt_end: card ? card.dtEnd.toISOString() : null,
      mt_link: card ? cardLink(card.token) : null,
    };
  }

  async function createAtProvider(
    input: Parameters<PaymentsProvider['createPayment']>[0],
  ): Promise<ProviderPayment> {
    try {
      return await provider.createPayment(input);
    } catch (err) {
      // The same key reaches the same payment: one retry of a timeout never charges twice.
      if (err instanceof ProviderError && err.retryable) return provider.createPayment(input);
      throw err;
    }
  }

  return {
    cardLink,

    async userData(viewer: SessionViewer): Promise<ClubUserData> {
      const access = clubAccess(viewer);
      if (access === 'work-account') throw forbidden(CLUB_TEXTS.workAccountTitle, WORK_ACCOUNT_EXTRA);
      if (access === 'sign-in' || viewer.userId === null)
        return {
          is_in_club: false,
          club_card: null,
          next_club_card_price: null,
          email: null,
          last_card_end: null,
        };
      const now = clock.now();
      const [card, issued, email, ended] = await Promise.all([
        repo.currentCard(viewer.userId, now),
        repo.cardsIssued(viewer.userId),
        repo.lastEmail(viewer.userId),
        repo.lastEnded(viewer.userId, now),
      ]);
      const price = nextCardPrice(issued);
      return {
        is_in_club: card !== null,
        club_card: card ? cardOf(card) : null,
        next_club_card_price: price === 0 ? null : toRoubles(price),
        email,
        last_card_end: card === null && ended ? ended.toISOString() : null,
      };
    },

    /** The free first card; `created` false when this patient's free card already exists. */
    async join(viewer: SessionViewer): Promise<{ card: ClubCard; created: boolean }> {
      const userId = patientId(viewer);
      const now = clock.now();
      const current = await repo.currentCard(userId, now);
      if (current) return { card: cardOf(current), created: false };
      const created = await repo.insertFreeCard({
        userId,
        dtStart: now,
        dtEnd: cardEnd(now),
        token: newCardToken(),
      });
      const free = await repo.freeCard(userId);
      if (!free) throw new Error('unreachable: the free card neither inserted nor found');
      // Had the free card once, and it ended: later cards are paid.
      if (!created && free.dtEnd <= now)
        throw conflict('paid_card_next', CLUB_TEXTS.paidCardNext, {
          next_club_card_price: toRoubles(nextCardPrice(1)),
        });
      return { card: cardOf(free), created };
    },

    /** Starts paying for a later card at the provider. */
    async requestCard(viewer: SessionViewer, body: CardRequestBody): Promise<CardRequestCreated> {
      const userId = patientId(viewer);
      const email = body.receipt_email.trim();
      if (!isReceiptEmail(email))
        throw badRequest(CLUB_TEXTS.badEmail, { errors: { receipt_email: CLUB_TEXTS.badEmail } });
      if (!cardReturnUrl(body.return_url, publicOrigin, 1))
        throw badRequest(CLUB_TEXTS.badReturnUrl, { errors: { return_url: CLUB_TEXTS.badReturnUrl } });
      // A request left open past its time is read back (its payment may have succeeded) and
      // closed first: the database holds one open request per patient.
      for (const stale of await repo.staleRequests(userId, clock.now())) {
        await sync(stale.providerPaymentId);
        await repo.expire(stale.id, clock.now());
      }
      const now = clock.now();
      if (await repo.currentCard(userId, now)) throw conflict('already_in_club', CLUB_TEXTS.alreadyInClub);
      const price = nextCardPrice(await repo.cardsIssued(userId));
      if (price === 0) throw conflict('free_card_available', CLUB_TEXTS.freeCardFirst);
      // A second click, parallel or later (or a return from the checkout unpaid), lands on the
      // same request and payment: one checkout, never two charges for one card.
      const open = await repo.openRequest({
        userId,
        price,
        email,
        provider: provider.name,
        idempotenceKey: randomUUID(),
        now,
        expiresAt: new Date(now.getTime() + CLUB_PAYMENT_MS),
        returnUrlOf: (id) => cardReturnUrl(body.return_url, publicOrigin, id) ?? publicOrigin,
      });
      if (!open) throw conflict('payment_in_progress', CLUB_TEXTS.paymentUnavailable);
      const started = (url: string): CardRequestCreated => ({
        id: open.requestId,
        status: 'in_process',
        provider_payment_data: { url },
        payment_credentials: { url },
      });
      if (open.paymentStatus === 'pending' && open.confirmationUrl) return started(open.confirmationUrl);
      let payment: ProviderPayment;
      try {
        // The request's own key and body: a parallel caller reaches the same payment at the provider.
        payment = await createAtProvider({
          idempotenceKey: open.idempotenceKey,
          amount: open.price,
          description: CARD_DESCRIPTION,
          returnUrl: open.returnUrl,
          receipt: {
            email: open.email,
            items: [{ description: CARD_DESCRIPTION, amount: open.price, quantity: 1 }],
          },
          metadata: { kind: 'club_card_request', request_id: String(open.requestId) },
        });
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        await repo.paymentNotCreated(open.paymentId, open.requestId, clock.now(), err.message);
        throw serviceUnavailable(CLUB_TEXTS.paymentUnavailable);
      }
      await repo.paymentCreated(open.paymentId, {
        providerPaymentId: payment.id,
        confirmationUrl: payment.confirmationUrl,
      });
      if (!payment.confirmationUrl) {
        // Nothing to pay at the provider (already decided): read it as the status call would.
        await sync(payment.id);
        throw new DomainError('payment_not_started', CLUB_TEXTS.paymentUnavailable, 409);
      }
      return started(payment.confirmationUrl);
    },

    async requestStatus(viewer: SessionViewer, id: number): Promise<CardRequestStatusReply> {
      return statusOf(id, patientId(viewer));
    },

    /** The patient's newest request's status, for the socket; null when there is none. */
    async latestRequestStatus(userId: number): Promise<CardRequestStatusReply | null> {
      const id = await repo.latestRequestId(userId);
      return id === null ? null : statusOf(id, userId);
    },

    /** A patient's user id, or the 401/403 a club call (and the status socket) is refused with. */
    socketUser: patientId,

    /**
     * The provider's notification: believed only from its addresses, and then only as a hint
     * to read the payment again (payments.apply).
     */
    async notified(body: unknown, ip: string): Promise<NotificationOutcome> {
      if (!provider.acceptsNotificationFrom(ip)) return 'refused';
      const id = provider.notificationPaymentId(body);
      if (id === null) return 'unreadable';
      try {
        return (await payments.apply(id)) ? 'applied' : 'unknown';
      } catch (err) {
        // Not found or refused for good: acknowledged. A timeout, a network error or a 5xx:
        // 503, so that the provider repeats the notification later.
        if (err instanceof ProviderError) return err.retryable ? 'unavailable' : 'unknown';
        throw err;
      }
    },

    /** The card's page for a clinic's administrator. */
    async cardByToken(token: string) {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
      const card = await repo.cardByToken(token);
      if (!card) return null;
      const now = clock.now();
      return {
        dtStart: card.dtStart,
        dtEnd: card.dtEnd,
        active: card.dtStart <= now && now < card.dtEnd,
        phone: card.phone,
      };
    },
  };
}
