/** Sends one e-mail (a payment receipt, a club card) to one address. */
export interface EmailProvider {
  readonly name: 'dev' | 'smtp';
  /** Resolves with the message id once the server accepted the message; throws ProviderError. */
  send(message: EmailMessage): Promise<{ id: string }>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
