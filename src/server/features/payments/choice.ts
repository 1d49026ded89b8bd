import { RESERVED_NAMES, type Payment } from '@/domain/form-config';
import { currencyDecimals, formatMoney, toMinorUnits } from '@/domain/money';
import { englishT } from '@/domain/i18n/english';
import type { Translate } from '@/domain/i18n/translate';
import type { Provider } from '@/domain/payments';

/** Stripe's largest amount (8 digits in minor units); PayPal's is larger. */
export const MAX_AMOUNT = 99_999_999;

export type PaymentChoice = { ok: true; amount: number; provider: Provider } | { ok: false; errors: Record<string, string> };

const first = (v: unknown): string => (Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v.trim() : '');

/**
 * What the visitor will pay and with whom. A fixed price is always the configured amount: nothing
 * the browser sends can change it. Pay-what-you-want takes the visitor's amount, at least the
 * minimum (and at least one cent: providers take no zero payments).
 */
export function readPaymentChoice(payment: Payment, body: Record<string, unknown>, t: Translate = englishT): PaymentChoice {
  const errors: Record<string, string> = {};
  let amount = payment.fixedAmount;
  if (payment.type === 'pwyw') {
    const raw = first(body[RESERVED_NAMES.amount]);
    const minimum = Math.max(payment.pwywMinimum, 1);
    const decimals = currencyDecimals(payment.currency);
    const pattern = decimals === 0 ? /^\d{1,9}$/ : /^\d{1,9}(\.\d{1,2})?$/;
    amount = pattern.test(raw) ? toMinorUnits(Number(raw), payment.currency) : NaN;
    if (!Number.isFinite(amount) || amount < minimum) {
      errors[RESERVED_NAMES.amount] =
        decimals === 0 && /^\d+\.\d*$/.test(raw)
          ? t('payment.error.wholeAmount')
          : t('payment.error.belowMinimum', { minimum: formatMoney(minimum, payment.currency, t.language) });
    } else if (amount > MAX_AMOUNT) {
      errors[RESERVED_NAMES.amount] = t('payment.error.aboveMaximum', {
        maximum: formatMoney(MAX_AMOUNT, payment.currency, t.language),
      });
    }
  }
  let provider: Provider;
  if (payment.provider === 'both') {
    const chosen = first(body[RESERVED_NAMES.provider]);
    provider = chosen === 'paypal' ? 'paypal' : 'stripe';
    if (chosen !== 'stripe' && chosen !== 'paypal') errors[RESERVED_NAMES.provider] = t('payment.error.chooseProvider');
  } else {
    provider = payment.provider;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, amount, provider };
}
