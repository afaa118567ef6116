/** Sends a text message to a phone (digits with the country code). */
export interface SmsProvider {
  readonly name: string;
  /** Resolves with the provider's message id once the provider accepted the message. */
  send(phone: string, text: string): Promise<{ id: string }>;
}
