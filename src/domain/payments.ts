import { z } from 'zod';
import type { Currency } from './money';
import { PROVIDER_NAMES, type PaymentStatus, type Provider } from './payment-providers';

/**
 * Payments (docs/decisions/0007): an owner connects Stripe and/or PayPal per workspace; a visitor on a paid
 * page pays before the file is delivered.
 *
 * Owner API (APP_URL, session cookie; non-GET needs Origin = APP_URL):
 *   GET    /api/payments/settings                      -> PaymentSettings
 *   PUT    /api/payments/stripe   body StripeCredentials -> PaymentSettings  (checked against Stripe)
 *   DELETE /api/payments/stripe                        -> PaymentSettings
 *   PUT    /api/payments/paypal   body PaypalCredentials -> PaymentSettings  (checked against PayPal)
 *   DELETE /api/payments/paypal                        -> PaymentSettings
 *   POST   /api/payments/paypal/connect                -> { url }  PayPal's onboarding (partner referral) link
 *   GET    /api/payments/paypal/return?merchantIdInPayPal=&merchantId=  PayPal sends the owner back here -> 303 /settings/payments
 *   DELETE /api/payments/paypal/connect                -> PaymentSettings  (the connected merchant; past orders stay)
 *   POST   /api/payments/stripe/connect                -> { url }  (Stripe's onboarding; Connect platforms only)
 *   POST   /api/payments/stripe/refresh                -> PaymentSettings  (reads the connected account back)
 *   DELETE /api/payments/stripe/connect                -> PaymentSettings  (disconnects the connected account)
 *   GET    /api/forms/:id/payments?cursor=             -> PaymentListPage    (50 per page, newest first)
 *
 * Errors are `{ code, message, errors? }`: VALIDATION_ERROR (400, `errors` keyed by the body's
 * field names), PROVIDER_REJECTED (422: the provider refused the credentials; `errors` says which
 * field), PROVIDER_UNAVAILABLE (502: the provider could not be reached).
 * Publishing a paid page whose provider is not connected: 400 NOT_PUBLISHABLE with
 * `errors.payment` = providerNotConnectedMessage(...).
 */

export {
  ERASED_PAYER,
  PAYMENT_STATUSES,
  PROVIDER_NAMES,
  PROVIDERS,
  type PaymentStatus,
  type Provider,
} from './payment-providers';

/** The webhook events an owner selects when registering Lodestone's endpoint with each provider. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;
export const PAYPAL_WEBHOOK_EVENTS = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
] as const;

/** Where each provider sends its webhooks for a workspace (on the public origin). */
export const webhookPath = (provider: Provider, workspaceId: string) =>
  `/webhooks/${provider}/${encodeURIComponent(workspaceId)}`;

/** The Connect platform's one webhook endpoint (on the public origin), for every connected account's events. */
export const STRIPE_CONNECT_WEBHOOK_PATH = '/webhooks/stripe-connect';
/** The events the platform's Connect endpoint listens to: the payments' and the accounts' own. */
export const STRIPE_CONNECT_WEBHOOK_EVENTS = [
  ...STRIPE_WEBHOOK_EVENTS,
  'account.updated',
  'account.application.deauthorized',
] as const;

export const PAYPAL_MODES = ['sandbox', 'live'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];

export const stripeCredentialsSchema = z.object({
  secretKey: z
    .string()
    .trim()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      'Enter a Stripe secret key (sk_live_… or sk_test_…) or restricted key (rk_…)',
    ),
  webhookSecret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'Enter the webhook signing secret (whsec_…) of your Lodestone endpoint'),
});
export type StripeCredentials = z.infer<typeof stripeCredentialsSchema>;

export const paypalCredentialsSchema = z.object({
  clientId: z.string().trim().min(8, 'Enter your PayPal REST app client ID').max(200),
  clientSecret: z.string().trim().min(8, 'Enter your PayPal REST app secret').max(200),
  webhookId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,64}$/, 'Enter the webhook ID PayPal shows for your Lodestone webhook'),
  mode: z.enum(PAYPAL_MODES),
});
export type PaypalCredentials = z.infer<typeof paypalCredentialsSchema>;

/** A Stripe account connected through Lodestone's Connect platform (docs/decisions/0081). */
export interface StripeConnection {
  accountId: string;
  /** The account's business name, when Stripe has one. */
  name: string | null;
  email: string | null;
  /** Stripe's charges_enabled: checkouts open only while it is true. */
  chargesEnabled: boolean;
  /** Stripe's details_submitted: the owner finished Stripe's onboarding form. */
  detailsSubmitted: boolean;
  livemode: boolean;
  connectedAt: string;
}

/** What the settings page shows. Secrets never leave the server: only masked, e.g. 'sk_test_…4242'. */
export interface PaymentSettings {
  stripe: {
    /** This server is a Stripe Connect platform: owners press "Connect with Stripe" rather than pasting keys. */
    platform: boolean;
    /** The account connected through the platform; it wins over pasted keys. */
    account: StripeConnection | null;
    /** PUBLIC_URL + webhookPath('stripe', workspace): register this in the Stripe dashboard. */
    webhookUrl: string;
    events: readonly string[];
    connection: null | {
      secretKey: string;
      webhookSecret: string;
      livemode: boolean;
      connectedAt: string;
    };
  };
  paypal: {
    webhookUrl: string;
    events: readonly string[];
    /** Lodestone is a PayPal partner platform here: owners press "Connect PayPal" (docs/decisions/0082). */
    platform: boolean;
    /** The merchant connected through the platform; it wins over pasted credentials. */
    merchant: null | PaypalMerchant;
    /** Pasted REST app credentials: the advanced way, and the only one where there is no platform. */
    connection: null | {
      clientId: string;
      clientSecret: string;
      webhookId: string;
      mode: PaypalMode;
      connectedAt: string;
    };
  };
}

/** A PayPal account connected through Lodestone's partner onboarding. */
export interface PaypalMerchant {
  merchantId: string;
  email: string | null;
  country: string | null;
  /** PayPal says the account can receive payments and its primary email is confirmed. */
  canTakePayments: boolean;
  connectedAt: string;
}

/** Why PayPal's onboarding did not connect an account: `?paypal_error=` on the way back to Payment settings. */
export const PAYPAL_CONNECT_ERRORS = {
  forged: 'This PayPal sign-up link was not made for this workspace. Press "Connect PayPal" again from here.',
  mismatch: 'PayPal does not confirm that this account finished sign-up from this workspace. Press "Connect PayPal" again.',
  taken: 'This PayPal account is already connected to another Lodestone workspace. Disconnect it there first.',
  unknown: 'PayPal does not know this account yet. Press "Connect PayPal" again and finish the steps on PayPal.',
  unavailable: 'PayPal could not be reached. Please try again in a moment.',
  role: 'Only owners and admins can connect payment accounts.',
} as const;
export type PaypalConnectError = keyof typeof PAYPAL_CONNECT_ERRORS;

/** Said wherever a page takes PayPal: PayPal does not add or calculate tax for it here. */
export const PAYPAL_TAX_NOTE =
  'PayPal does not calculate tax here: buyers pay the price you set, and no VAT or sales tax is added or recorded.';

export const PAYPAL_UNFINISHED_MESSAGE =
  'PayPal cannot take payments for your account yet. In Payment settings, press "Finish setting up on PayPal", then publish.';

/** 'sk_test_51Habc…xyz4242' -> 'sk_test_…4242': enough to recognise, too little to use. */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]+_(test_|live_)?/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

export function providerNotConnectedMessage(providers: Provider[]): string {
  const names = providers.map((p) => PROVIDER_NAMES[p]).join(' and ');
  return `Connect ${names} in Payment settings before publishing a paid page.`;
}

/** A connected Stripe account that cannot take charges yet: publishing waits, with the one thing to do. */
export const STRIPE_SETUP_INCOMPLETE =
  'Your Stripe account cannot take payments yet. Finish setting up on Stripe in Payment settings before publishing a paid page.';

/** One payment as the owner sees it. Amounts in minor units. */
export interface PaymentRow {
  id: string;
  /** Null when the person was erased (data-subject request): the payment is kept for tax without their identity. */
  leadId: string | null;
  email: string | null;
  provider: Provider;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  /** The buyer-facing order number (receipts, stamped files). */
  orderNumber: number;
  /** As settled (docs/decisions/0083): net after discount and before tax, the tax (null where not calculated: PayPal), the total. */
  netAmount: number;
  taxAmount: number | null;
  totalAmount: number;
  discountAmount: number;
  /** The promotion code the buyer entered, if any. */
  promotionCode: string | null;
  /** The provider's id: a Checkout Session (cs_…) or a PayPal order; the capture or charge once paid. */
  reference: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

export interface PaymentListPage {
  items: PaymentRow[];
  nextCursor: string | null;
}

/** Money taken, per currency (paid and not refunded). */
export interface Revenue {
  currency: Currency;
  amount: number;
}

/** What the visitor is told when they come back from the provider without paying. */
export const visitorPaymentMessages = {
  cancelled: 'Payment was cancelled. You have not been charged and no file was sent. You can try again below.',
  failed: 'Your payment did not go through. You have not been charged and no file was sent. You can try again below.',
  belowMinimum: (minimum: string) => `Please enter at least ${minimum}`,
  chooseProvider: 'Choose how you want to pay',
  unavailable: 'Payments are not available on this page right now. Please try again later.',
  providerError: 'We could not start your payment. Please try again in a moment.',
  processing: 'Your payment is being confirmed. This page updates by itself; it usually takes a few seconds.',
  refunded: 'This payment was refunded, so the download is no longer available.',
  discountBelowMinimum:
    'The discount code took the price below the minimum for this page, so your payment was refunded in full and no file was sent. You can try again below.',
} as const;
