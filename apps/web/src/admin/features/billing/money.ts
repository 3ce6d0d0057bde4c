/**
 * An amount typed by staff in whole currency units ("12", "12,5", "12.50", "€ 1.234,56" is refused:
 * no thousands separators) as integer cents, or null when it is not such an amount. A comma or a
 * dot separates at most two decimals. No floating point: "0.29" is 29 cents exactly.
 */
export function parseAmountToCents(input: string): number | null {
  const cleaned = input.replace(/[\s€]/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents as an amount to type back ("997" → "9.97", or "9,97" when `comma`). */
export function centsToAmountInput(cents: number, comma = false): string {
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return comma ? text.replace('.', ',') : text;
}
