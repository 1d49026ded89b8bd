import Stripe from 'stripe';
import type { Language } from '@/domain/i18n/languages';
import type { Currency } from '@/domain/money';

/** Stripe refuses webhooks whose signature time is further than this from now (the SDK's default too). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string;
}

/** The official SDK, pointed at STRIPE_API_URL (the real API, or a stand-in in tests). */
export function stripeClient(secretKey: string, apiUrl: URL): Stripe {
  const protocol = apiUrl.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: apiUrl.hostname,
    port: Number(apiUrl.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Lodestone' },
  });
}

export interface CheckoutRequest {
  paymentId: string;
  leadId: string;
  amount: number;
  currency: Currency;
  productName: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
  /** Stripe Tax: tax added where it applies, from the address (and tax id) Checkout collects. */
  tax?: boolean;
  /** Buyers may enter one of the account's promotion codes. */
  promotionCodes?: boolean;
  /** Connect: the connected account the session is opened on (the Stripe-Account header). */
  stripeAccount?: string;
  /** Connect: the platform's fee, in minor units (none when 0 or unset). */
  applicationFee?: number;
  /** The page's language: Checkout speaks it too. */
  language: Language;
}

/** Checkout's locale for each page language. Checkout has no Arabic: there it follows the buyer's browser ('auto'). */
const CHECKOUT_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  it: 'it',
  'pt-BR': 'pt-BR',
  nl: 'nl',
  pl: 'pl',
  sv: 'sv',
  ja: 'ja',
  'zh-CN': 'zh',
  ms: 'ms',
  ar: 'auto',
};

/** A Checkout Session for one payment; the payment id is the idempotency key, so a retry makes no second session. */
export async function createStripeCheckout(stripe: Stripe, request: CheckoutRequest) {
  const metadata = { payment_id: request.paymentId, lead_id: request.leadId };
  const fee = request.applicationFee ?? 0;
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amount,
            product_data: { name: request.productName },
            // The page's price is before tax: Stripe Tax adds what applies on top.
            ...(request.tax && { tax_behavior: 'exclusive' as const }),
          },
        },
      ],
      customer_email: request.email,
      client_reference_id: request.paymentId,
      metadata,
      payment_intent_data: { metadata, ...(fee > 0 && { application_fee_amount: fee }) },
      ...(request.tax && {
        automatic_tax: { enabled: true },
        billing_address_collection: 'required' as const,
        tax_id_collection: { enabled: true },
        // The buyer's tax id is kept on a customer of the account, where Stripe's invoices and refunds find it.
        customer_creation: 'always' as const,
      }),
      ...(request.promotionCodes && { allow_promotion_codes: true }),
      locale: CHECKOUT_LOCALES[request.language],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    },
    {
      idempotencyKey: `checkout-${request.paymentId}`,
      ...(request.stripeAccount && { stripeAccount: request.stripeAccount }),
    },
  );
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
  return { checkoutId: session.id, url: session.url };
}

export type StripeKeyCheck = { ok: true; livemode: boolean } | { ok: false; reason: 'rejected' | 'unreachable'; message: string };

/** Asks Stripe whether the key works (reading the balance needs no extra permission on a secret key). */
export async function checkStripeKey(stripe: Stripe, secretKey: string): Promise<StripeKeyCheck> {
  const livemode = /^(sk|rk)_live_/.test(secretKey);
  try {
    await stripe.balance.retrieve();
    return { ok: true, livemode };
  } catch (error) {
    // A restricted key without balance access is still a valid key.
    if (error instanceof Stripe.errors.StripePermissionError) return { ok: true, livemode };
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      return { ok: false, reason: 'rejected', message: 'Stripe did not accept this secret key.' };
    }
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
      return { ok: false, reason: 'unreachable', message: 'Stripe could not be reached. Please try again in a moment.' };
    }
    throw error;
  }
}
