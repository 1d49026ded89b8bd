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
 * An amount as a reader of `language` writes it (Intl), exact to the currency's minor unit. English
 * keeps the currency's own symbol before the number (S$ for SGD; docs/product.md#payment): $9.99,
 * €9.99, ¥500, S$9.99. Other languages follow their conventions: 9,99 € in German, 9,99 SGD where a
 * language has no symbol of its own for it.
 */
export function formatMoney(minor: number, currency: Currency, language: string = 'en'): string {
  const decimals = currencyDecimals(currency);
  const amount = fromMinorUnits(minor, currency);
  if (language === 'en') {
    return `${CURRENCY_SYMBOLS[currency]}${moneyFormat('en-US', decimals).format(amount)}`;
  }
  return moneyFormat(language, decimals, currency).format(amount);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, decimals: number, currency?: Currency): Intl.NumberFormat {
  const key = `${locale}:${decimals}:${currency ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'symbol' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}
