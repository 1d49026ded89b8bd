import type Stripe from 'stripe';
import type { FormObject } from './form-encoding.js';
import { escapeHtml, randomString } from './http.js';
import { checkoutPage } from './pages.js';
import {
  httpUrl,
  invalidRequest,
  type Known,
  metadata,
  optionalHash,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requiredString,
  expandPaths,
} from './stripe-params.js';

/**
 * Stripe Connect in the stand-in: connected accounts of a platform, their onboarding (account
 * links to a page of the stand-in), the tax Stripe Tax would add, and promotion codes per account.
 */

/** The fields of a real Account that the stand-in keeps, typed by the SDK's own definition. */
export type ConnectedAccountObject = Pick<
  Stripe.Account,
  | 'id'
  | 'object'
  | 'type'
  | 'charges_enabled'
  | 'details_submitted'
  | 'payouts_enabled'
  | 'email'
  | 'country'
  | 'default_currency'
  | 'metadata'
  | 'created'
> & { business_profile: { name: string | null; url: string | null } };

const ACCOUNT_CREATE_PARAMS = {
  account_token: true,
  business_profile: true,
  business_type: true,
  capabilities: true,
  company: true,
  controller: true,
  country: true,
  default_currency: true,
  documents: true,
  email: true,
  expand: true,
  external_account: true,
  groups: true,
  individual: true,
  metadata: true,
  settings: true,
  tos_acceptance: true,
  type: true,
} satisfies Known<Stripe.AccountCreateParams>;

const ACCOUNT_LINK_PARAMS = {
  account: true,
  type: true,
  collect: true,
  collection_options: true,
  expand: true,
  refresh_url: true,
  return_url: true,
} satisfies Known<Stripe.AccountLinkCreateParams>;

const REFUND_PARAMS = {
  amount: true,
  charge: true,
  currency: true,
  customer: true,
  expand: true,
  instructions_email: true,
  metadata: true,
  origin: true,
  payment_intent: true,
  reason: true,
  refund_application_fee: true,
  reverse_transfer: true,
} satisfies Known<Stripe.RefundCreateParams>;

/** `POST /v1/accounts`: a Standard or Express account (the stand-in does not model Custom accounts' details). */
export function accountCreateRequest(params: FormObject, now: number): ConnectedAccountObject {
  rejectUnknown(params, ACCOUNT_CREATE_PARAMS, '');
  const type = optionalString(params, 'type');
  if (type !== undefined && !['standard', 'express', 'custom'].includes(type)) {
    throw invalidRequest('Invalid type: must be one of custom, express, or standard', 'type');
  }
  if (type === undefined && params.controller === undefined) {
    throw invalidRequest('You must specify either `type` or `controller`.', 'type');
  }
  if (type === 'custom') throw invalidRequest('The Stripe stand-in supports standard and express accounts only.', 'type');
  const country = optionalString(params, 'country') ?? 'US';
  if (!/^[A-Z]{2}$/.test(country)) throw invalidRequest(`Invalid country: ${country}`, 'country');
  const profile = optionalHash(params, 'business_profile');
  return {
    id: `acct_${randomString(16)}`,
    object: 'account',
    type: (type ?? 'standard') as Stripe.Account.Type,
    charges_enabled: false,
    details_submitted: false,
    payouts_enabled: false,
    email: optionalString(params, 'email') ?? null,
    country,
    default_currency: country === 'GB' ? 'gbp' : country === 'DE' || country === 'FR' ? 'eur' : 'usd',
    metadata: metadata(params.metadata, 'metadata'),
    created: now,
    business_profile: {
      name: profile ? (optionalString(profile, 'name', 'business_profile') ?? null) : null,
      url: profile ? (optionalString(profile, 'url', 'business_profile') ?? null) : null,
    },
  };
}

export interface AccountLinkRequest {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expand: string[];
}

/** `POST /v1/account_links`: onboarding links only (account_update needs a Custom account). */
export function accountLinkRequest(params: FormObject): AccountLinkRequest {
  rejectUnknown(params, ACCOUNT_LINK_PARAMS, '');
  const account = requiredString(params, 'account');
  const type = requiredString(params, 'type');
  if (type !== 'account_onboarding' && type !== 'account_update') {
    throw invalidRequest('Invalid type: must be one of account_onboarding or account_update', 'type');
  }
  if (type !== 'account_onboarding') throw invalidRequest('The Stripe stand-in supports type=account_onboarding only.', 'type');
  return {
    account,
    refreshUrl: httpUrl(params, 'refresh_url'),
    returnUrl: httpUrl(params, 'return_url'),
    expand: expandPaths(params),
  };
}

export interface RefundRequest {
  paymentIntent: string | undefined;
  charge: string | undefined;
  amount: number | undefined;
  reason: string | undefined;
  metadata: Record<string, string>;
  refundApplicationFee: boolean;
}

export function refundRequest(params: FormObject): RefundRequest {
  rejectUnknown(params, REFUND_PARAMS, '');
  const paymentIntent = optionalString(params, 'payment_intent');
  const charge = optionalString(params, 'charge');
  if (!paymentIntent && !charge) throw invalidRequest('One of `charge` or `payment_intent` is required.', 'charge');
  const reason = optionalString(params, 'reason');
  if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
    throw invalidRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
  }
  const amount = optionalInteger(params, 'amount');
  if (amount !== undefined) throw invalidRequest('The Stripe stand-in refunds in full only (no amount).', 'amount');
  return {
    paymentIntent,
    charge,
    amount,
    reason,
    metadata: metadata(params.metadata, 'metadata'),
    refundApplicationFee: optionalString(params, 'refund_application_fee') === 'true',
  };
}

/** Stripe Tax in the stand-in: a fixed rate by the buyer's billing country (VAT in GB, DE, FR; none elsewhere). */
export const TAX_RATES: Record<string, number> = { GB: 0.2, DE: 0.19, FR: 0.2 };
export const CHECKOUT_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'] as const;

export const taxFor = (amount: number, country: string | null) => Math.round(amount * (TAX_RATES[country ?? ''] ?? 0));

/** A promotion code of one account, on a coupon taking a percentage or a fixed amount off. */
export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  code: string;
  active: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  coupon: {
    id: string;
    object: 'coupon';
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
    valid: boolean;
  };
}

export function newPromotionCode(
  code: string,
  off: { percentOff?: number; amountOff?: number; currency?: string },
  now: number,
): PromotionCode {
  if (!/^[A-Za-z0-9_-]{3,50}$/.test(code)) throw invalidRequest('Invalid code', 'code');
  const percent = off.percentOff ?? null;
  const amount = off.amountOff ?? null;
  if ((percent === null) === (amount === null)) throw invalidRequest('Give exactly one of percent_off and amount_off', 'coupon');
  if (percent !== null && (percent <= 0 || percent > 100)) throw invalidRequest('percent_off must be in (0, 100]', 'percent_off');
  if (amount !== null && (!off.currency || amount < 1)) throw invalidRequest('amount_off needs a currency', 'currency');
  return {
    id: `promo_${randomString(24)}`,
    object: 'promotion_code',
    code,
    active: true,
    created: now,
    livemode: false,
    metadata: {},
    coupon: {
      id: randomString(8),
      object: 'coupon',
      percent_off: percent,
      amount_off: amount,
      currency: off.currency?.toLowerCase() ?? null,
      valid: true,
    },
  };
}

/** What a code takes off `subtotal` (never more than it). */
export function discountOf(promotion: PromotionCode, subtotal: number, currency: string): number | undefined {
  const { coupon } = promotion;
  if (coupon.amount_off !== null) return coupon.currency === currency ? Math.min(coupon.amount_off, subtotal) : undefined;
  return Math.min(subtotal, Math.round((subtotal * (coupon.percent_off ?? 0)) / 100));
}

/** Stripe's hosted onboarding, reduced to its outcome: the owner agrees, and the account can take charges. */
export function onboardingPage(account: ConnectedAccountObject, platformName: string, token: string): string {
  return checkoutPage({
    title: `Set up payments for ${platformName} – Stripe test onboarding`,
    provider: 'Stripe',
    main: `<h1>Set up your Stripe account</h1>
<p>${escapeHtml(platformName)} uses Stripe to get you paid. Account <code>${escapeHtml(account.id)}</code>.</p>
<form method="post" action="/connect/onboarding/${encodeURIComponent(token)}">
<p><label for="business_name">Business name</label><br><input id="business_name" name="business_name" value="${escapeHtml(account.business_profile.name ?? '')}" required></p>
<p><label for="country">Country</label><br><select id="country" name="country">${CHECKOUT_COUNTRIES.map(
      (c) => `<option value="${c}"${c === account.country ? ' selected' : ''}>${c}</option>`,
    ).join('')}</select></p>
<p><button class="primary" type="submit">Agree and submit</button></p>
</form>`,
  });
}
