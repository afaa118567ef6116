/** Money is whole roubles (integers) everywhere; formatting is the only place it becomes text. */
const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** '1 500 ₽' (ru-RU grouping with a no-break space, then the currency symbol). */
export function formatRub(amount: number): string {
  if (!Number.isInteger(amount)) throw new RangeError(`money must be whole roubles, got ${amount}`);
  return `${rub.format(amount)}\u00a0₽`;
}
