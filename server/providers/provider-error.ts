/**
 * A provider call that did not do its job. `retryable` tells the caller whether the same request
 * may succeed later (timeouts, 5xx, the provider's "temporarily unavailable") or never will as is
 * (bad key, invalid phone, no balance). Messages never carry api keys or tokens.
 */
export class ProviderError extends Error {
  readonly provider: string;
  readonly retryable: boolean;

  constructor(provider: string, message: string, { retryable }: { retryable: boolean }) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
    this.provider = provider;
    this.retryable = retryable;
  }
}
