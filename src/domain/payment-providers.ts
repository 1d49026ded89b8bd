/**
 * The payment providers and a payment's statuses, as plain values: a screen that only names a
 * provider or a status (the leads list, a lead's payment) does not load the validation library
 * with them. payments.ts re-exports them beside the credentials' schemas.
 */
export const PROVIDERS = ['stripe', 'paypal'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_NAMES: Record<Provider, string> = { stripe: 'Stripe', paypal: 'PayPal' };

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
