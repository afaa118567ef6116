/** Delivers a confirmation code through a messenger (VK) to the account tied to a phone. */
export interface MessengerProvider {
  readonly name: string;
  sendCode(phone: string, text: string): Promise<{ id: string }>;
}
