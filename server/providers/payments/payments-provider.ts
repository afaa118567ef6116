/**
 * Takes money from a patient's bank card on the provider's own checkout page. Amounts are integer
 * kopecks on both sides of this interface; an adapter converts to the provider's format.
 *
 * The flow: createPayment → redirect the browser to `confirmationUrl` → the patient pays → the
 * provider notifies us and sends the browser back to `returnUrl`. A notification is only a hint:
 * the caller reads the payment again with getPayment before it believes any status.
 */
export interface PaymentsProvider {
  readonly name: 'dev' | 'yookassa';
  /**
   * Creates (or, for the same idempotence key, returns again) a one-stage payment: captured as
   * soon as the patient pays. Throws ProviderError; a retryable one may be retried with the same key.
   */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now. Throws ProviderError (not found: not retryable). */
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Returns `amount` of a succeeded payment to the card; idempotent by key like createPayment. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /**
   * The payment id a notification body names, or null when the body is not a payment
   * notification this adapter understands. Never trusted as a status: re-read the payment.
   */
  notificationPaymentId(body: unknown): string | null;
  /** Whether a notification from this client address may be acted on (the provider's allow-list). */
  acceptsNotificationFrom(ip: string): boolean;
}

export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface CreatePaymentInput {
  /** Same key, same payment: a retry after a timeout never charges twice. At most 64 characters. */
  idempotenceKey: string;
  amount: number;
  /** Shown to the patient on the checkout page; at most 128 characters. */
  description: string;
  /** Where the checkout page sends the browser back (absolute URL). */
  returnUrl: string;
  /** The fiscal receipt (54-FZ) sent to the patient's e-mail; null when none is needed. */
  receipt: PaymentReceipt | null;
  /** Our own references (request kind and id), echoed back by getPayment. */
  metadata: Record<string, string>;
}

export interface PaymentReceipt {
  email: string;
  items: { description: string; amount: number; quantity: number }[];
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  /** Set while the payment waits for the patient: the checkout page to send the browser to. */
  confirmationUrl: string | null;
  metadata: Record<string, string>;
  /** Why a canceled payment was canceled, in the provider's words (for logs), else null. */
  cancellationReason: string | null;
}

export interface CreateRefundInput {
  idempotenceKey: string;
  paymentId: string;
  amount: number;
  description: string;
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
}
