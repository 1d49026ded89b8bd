import { describe, expect, it } from 'vitest';
import { CURRENCIES, decimalAmount, formatMoney, fromMinorUnits, toMinorUnits } from './money';

describe('minor units', () => {
  it('become the plain decimal a payment API or an amount input takes, in the currency’s precision', () => {
    expect(decimalAmount(999, 'USD')).toBe('9.99');
    expect(decimalAmount(1000, 'EUR')).toBe('10.00');
    expect(decimalAmount(5, 'GBP')).toBe('0.05');
    expect(decimalAmount(500, 'JPY')).toBe('500');
    expect(decimalAmount(99_999_999, 'SGD')).toBe('999999.99');
  });

  it('round-trip through major units for every amount a page can ask', () => {
    for (const currency of CURRENCIES) {
      for (const minor of [0, 1, 5, 10, 99, 100, 101, 1005, 999_999, 99_999_999]) {
        expect(toMinorUnits(Number(decimalAmount(minor, currency)), currency)).toBe(minor);
        expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
      }
    }
  });

  it('are shown with the currency’s own symbol', () => {
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(999, 'SGD')).toBe('S$9.99');
  });
});
