import { z } from 'zod';
import type { Translate } from './i18n/translate';
import { formatMoney, type Currency } from './money';

/**
 * A paid order as its buyer and its seller read it: the receipt's figures, the seller's postal
 * address (a workspace setting, typed once), and the stamp on a paid file (docs/decisions/0083).
 * What a buyer is told about their downloads is in the catalogues (docs/decisions/0085).
 *
 *   GET /api/workspace/business-address                         -> BusinessAddress
 *   PUT /api/workspace/business-address  body BusinessAddress   -> BusinessAddress
 */

export const BUSINESS_ADDRESS_MAX = 500;

export const businessAddressMessages = {
  tooLong: `Keep the address under ${BUSINESS_ADDRESS_MAX} characters.`,
  tooManyLines: 'Use at most 8 lines for the address.',
} as const;

export const businessAddressSchema = z.object({
  /** The seller's postal address on every receipt, lines separated by newlines; '' for none. */
  businessAddress: z
    .string()
    .trim()
    .max(BUSINESS_ADDRESS_MAX, businessAddressMessages.tooLong)
    // Control characters other than the line breaks never reach a receipt.
    // eslint-disable-next-line no-control-regex
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ''))
    .refine((v) => v.split('\n').length <= 8, businessAddressMessages.tooManyLines),
});
export type BusinessAddress = z.infer<typeof businessAddressSchema>;

/** A payment's figures as stored: net, tax and discount are null until the provider settled them. */
export interface SettledAmounts {
  amount: number;
  netAmount: number | null;
  taxAmount: number | null;
  discountAmount: number | null;
}

/**
 * Net (after discount, before tax), tax, discount and total, in minor units. A payment settled
 * before the provider reported these (or by a provider that calculates no tax) has its amount as
 * its net and no tax or discount.
 */
export function orderFigures(p: SettledAmounts) {
  const net = p.netAmount ?? p.amount;
  const tax = p.taxAmount ?? 0;
  const discount = p.discountAmount ?? 0;
  return { net, tax, discount, total: net + tax };
}

/** PayPal calculates no tax for us (it records a zero): its receipts say so rather than show the zero. */
export const TAX_NOT_CALCULATED = 'not calculated';

/** The lines of a receipt, as the email and the receipt page both show them, in `t`'s language. */
export function receiptLines(
  p: SettledAmounts & { currency: Currency; provider: 'stripe' | 'paypal'; promotionCode: string | null },
  t: Translate,
): { label: string; value: string }[] {
  const f = orderFigures(p);
  const money = (minor: number) => formatMoney(minor, p.currency, t.language);
  const discount = p.promotionCode ? t('receipt.line.discountWithCode', { code: p.promotionCode }) : t('receipt.line.discount');
  return [
    ...(f.discount > 0 ? [{ label: discount, value: t('receipt.line.discountValue', { amount: money(f.discount) }) }] : []),
    { label: t('receipt.line.net'), value: money(f.net) },
    { label: t('receipt.line.tax'), value: p.provider === 'paypal' ? t('receipt.line.taxNotCalculated') : money(f.tax) },
    { label: t('receipt.line.total', { currency: p.currency }), value: money(f.total) },
  ];
}

/** The footer stamped on each page of a paid PDF, in `t`'s language (the order number as a name, never grouped). */
export const stampText = (email: string, orderNumber: number, t: Translate) =>
  t('file.stamp', { email, orderNumber: String(orderNumber) });
