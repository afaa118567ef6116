import { expect } from 'vitest';
import { ProviderError } from '../provider-error';

/** Awaits a rejection that must be a ProviderError from `provider` with no trace of `secret`. */
export async function expectProviderError(
  promise: Promise<unknown>,
  { provider, secret }: { provider: string; secret: string },
): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const providerError = error as ProviderError;
  expect(providerError.provider).toBe(provider);
  expect(providerError.message).not.toContain(secret);
  expect(String(providerError.stack)).not.toContain(secret);
  return providerError;
}
