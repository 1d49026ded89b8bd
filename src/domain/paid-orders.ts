import { z } from 'zod';
import { formatMoney, type Currency } from './money';

/**
 * A paid order as its buyer and its seller read it: the receipt's figures, the seller's postal
 * address (a workspace setting, typed once), and what a buyer is told about their downloads
 * (docs/decisions/0083).
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

/** The lines of a receipt, as the email and the receipt page both show them. */
export function receiptLines(
  p: SettledAmounts & { currency: Currency; provider: 'stripe' | 'paypal'; promotionCode: string | null },
): { label: string; value: string }[] {
  const f = orderFigures(p);
  const money = (minor: number) => formatMoney(minor, p.currency);
  return [
    ...(f.discount > 0
      ? [{ label: p.promotionCode ? `Discount (${p.promotionCode})` : 'Discount', value: `−${money(f.discount)}` }]
      : []),
    { label: 'Net', value: money(f.net) },
    { label: 'Tax', value: p.provider === 'paypal' ? TAX_NOT_CALCULATED : money(f.tax) },
    { label: `Total (${p.currency})`, value: money(f.total) },
  ];
}

/** What the buyer reads about a paid file's download (the page after a refused download, the email). */
export const paidDownloadMessages = {
  limitTitle: 'You have used all the downloads of this link',
  limit: (limit: number) =>
    `Each purchase includes ${limit} ${limit === 1 ? 'download' : 'downloads'} per link. We can email a fresh link to the address you bought with.`,
  expiredTitle: 'This download link has expired',
  expired: (days: number) =>
    `Download links of a purchase work for ${days} ${days === 1 ? 'day' : 'days'}. We can email a fresh link to the address you bought with.`,
  staleTitle: 'This download link was replaced',
  stale:
    'A newer link was sent for this purchase, so this one no longer works. We can email a fresh link to the address you bought with.',
  freshButton: 'Email me a fresh link',
  freshSentTitle: 'Check your inbox',
  freshSent:
    'If this purchase can still be downloaded, a fresh link is on its way to the email address it was bought with. Links sent before it no longer work.',
} as const;

/** The footer stamped on each page of a paid PDF. */
export const stampText = (email: string, orderNumber: number) => `Licensed to ${email} · order ${orderNumber}`;
