/** Currencies of docs/product.md#payment. Amounts are stored in minor units (cents); JPY has none. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', SGD: 'S$' };

const ZERO_DECIMAL: ReadonlySet<Currency> = new Set(['JPY']);

/** Digits after the decimal point the currency uses: 0 for JPY, 2 for the others. */
export const currencyDecimals = (currency: Currency): 0 | 2 => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** 9.99 USD -> 999; 500 JPY -> 500. Rounds to the currency's precision. */
export function toMinorUnits(amount: number, currency: Currency): number {
  return Math.round(amount * 10 ** currencyDecimals(currency));
}

/** 999 USD -> 9.99; 500 JPY -> 500. */
export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** currencyDecimals(currency);
}

/** 999 USD -> '9.99'; 500 JPY -> '500': the plain decimal a payment API or an amount input takes. */
export function decimalAmount(minor: number, currency: Currency): string {
  return fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency));
}

/**
 * en-US currency format with the currency's own symbol (S$ for SGD; docs/product.md#payment), e.g. $9.99, €9.99,
 * ¥500, S$9.99.
 */
export function formatMoney(minor: number, currency: Currency): string {
  const decimals = currencyDecimals(currency);
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    fromMinorUnits(minor, currency),
  );
  return `${CURRENCY_SYMBOLS[currency]}${number}`;
}
