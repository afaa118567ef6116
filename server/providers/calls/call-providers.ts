/**
 * Flash call: the provider calls the patient from a number whose last 4 digits are the code.
 * The provider picks the number, so it returns the code for the caller to check against.
 */
export interface FlashCallProvider {
  readonly name: string;
  /** `ip` is the patient's address, which some providers use against abuse. */
  call(phone: string, context?: { ip?: string }): Promise<{ id: string; code: string }>;
}

export type CallInStatus = 'waiting' | 'confirmed' | 'expired';

/** Call-in: the patient calls `callPhone` for free and the provider reports that the call came. */
export interface CallInProvider {
  readonly name: string;
  createCheck(phone: string): Promise<{ checkId: string; callPhone: string }>;
  status(checkId: string): Promise<CallInStatus>;
}
