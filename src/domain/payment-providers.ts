/**
 * The payment providers and a payment's statuses, as plain values: a screen that only names a
 * provider or a status (the leads list, a lead's payment, a page's payments) does not load the validation library
 * with them. payments.ts re-exports them beside the credentials' schemas.
 */
export const PROVIDERS = ['stripe', 'paypal'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_NAMES: Record<Provider, string> = { stripe: 'Stripe', paypal: 'PayPal' };

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Shown instead of the address of a payment whose person was erased. */
export const ERASED_PAYER = 'Erased at their request';
