import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form-encoding.js';
import type { CatalogPrice, Customer, Price } from './stripe-billing.js';

/** Stripe's error body: `{ error: { type, message, param?, code? } }`; the SDK picks its error class from status and type. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; param?: string; code?: string },
  ) {
    super(error.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param !== undefined && { param }),
    ...(code !== undefined && { code }),
  });

export const resourceMissing = (objectName: string, id: string, param: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });

/** A parameter names an object that does not exist (for this account): 400, where a missing path id is a 404. */
export const noSuchObject = (objectName: string, id: string, param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });

export type Known<T> = Record<keyof Required<T>, true>;

// `satisfies` makes tsc fail when these lists and the SDK's parameter types drift apart, so the
// stand-in rejects exactly the names that the real API would not know.
const SESSION_CREATE_PARAMS = {
  adaptive_pricing: true,
  after_expiration: true,
  allow_promotion_codes: true,
  allowed_payment_method_types: true,
  automatic_tax: true,
  billing_address_collection: true,
  branding_settings: true,
  cancel_url: true,
  client_reference_id: true,
  consent_collection: true,
  currency: true,
  custom_fields: true,
  custom_text: true,
  customer: true,
  customer_account: true,
  customer_creation: true,
  customer_email: true,
  customer_update: true,
  discounts: true,
  excluded_payment_method_types: true,
  expand: true,
  expires_at: true,
  integration_identifier: true,
  invoice_creation: true,
  line_items: true,
  locale: true,
  managed_payments: true,
  metadata: true,
  mode: true,
  name_collection: true,
  optional_items: true,
  origin_context: true,
  payment_intent_data: true,
  payment_method_collection: true,
  payment_method_configuration: true,
  payment_method_data: true,
  payment_method_options: true,
  permissions: true,
  phone_number_collection: true,
  redirect_on_completion: true,
  return_url: true,
  saved_payment_method_options: true,
  setup_intent_data: true,
  shipping_address_collection: true,
  shipping_options: true,
  submit_type: true,
  subscription_data: true,
  success_url: true,
  tax_id_collection: true,
  ui_mode: true,
  wallet_options: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams>;

const LINE_ITEM_PARAMS = {
  adjustable_quantity: true,
  metadata: true,
  price: true,
  price_data: true,
  quantity: true,
  tax_rates: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams.LineItem>;

const PRICE_DATA_PARAMS = {
  currency: true,
  product: true,
  product_data: true,
  recurring: true,
  tax_behavior: true,
  unit_amount: true,
  unit_amount_decimal: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams.LineItem.PriceData>;

const PRODUCT_DATA_PARAMS = {
  description: true,
  images: true,
  metadata: true,
  name: true,
  tax_code: true,
  tax_details: true,
  unit_label: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData>;

const PAYMENT_INTENT_DATA_PARAMS = {
  application_fee_amount: true,
  capture_method: true,
  description: true,
  metadata: true,
  on_behalf_of: true,
  receipt_email: true,
  setup_future_usage: true,
  shipping: true,
  statement_descriptor: true,
  statement_descriptor_suffix: true,
  transfer_data: true,
  transfer_group: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams.PaymentIntentData>;

const nested = (prefix: string, key: string) => (prefix ? `${prefix}[${key}]` : key);

export function rejectUnknown(params: FormObject, known: Record<string, true>, prefix: string): void {
  for (const key of Object.keys(params)) {
    if (!Object.hasOwn(known, key)) {
      const param = nested(prefix, key);
      throw invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
    }
  }
}

export function optionalString(params: FormObject, key: string, prefix = ''): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${nested(prefix, key)}`, nested(prefix, key));
  return value;
}

export function requiredString(params: FormObject, key: string, prefix = ''): string {
  const value = optionalString(params, key, prefix);
  if (value === undefined || value === '') {
    throw invalidRequest(`Missing required param: ${nested(prefix, key)}.`, nested(prefix, key), 'parameter_missing');
  }
  return value;
}

export function optionalInteger(params: FormObject, key: string, prefix = ''): number | undefined {
  const value = optionalString(params, key, prefix);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, nested(prefix, key), 'parameter_invalid_integer');
  return Number(value);
}

export function optionalHash(params: FormObject, key: string, prefix = ''): FormObject | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', nested(prefix, key));
  return value;
}

export function optionalArray(params: FormObject, key: string): FormValue[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidRequest('Invalid array', key);
  return value;
}

export function httpUrl(params: FormObject, key: string): string {
  const value = requiredString(params, key);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidRequest('Not a valid URL', key, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidRequest('Not a valid URL', key, 'url_invalid');
  return value;
}

/** Stripe's limits: 50 keys, keys up to 40 characters, values up to 500; an empty value unsets the key. */
export function metadata(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', param);
  const out: Record<string, string> = {};
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('You can specify up to 50 keys in metadata.', param);
  for (const [key, item] of entries) {
    if (key.length > 40) throw invalidRequest(`Metadata keys can have up to 40 characters; \`${key}\` has ${key.length}.`, param);
    if (typeof item !== 'string') throw invalidRequest('Metadata values must be strings.', `${param}[${key}]`);
    if (item.length > 500)
      throw invalidRequest(`Metadata values can have up to 500 characters; \`${key}\` has ${item.length}.`, param);
    if (item !== '') out[key] = item;
  }
  return out;
}

/** `expand[]` values; which of them an object can expand is checked when the response is built. */
export function expandPaths(params: FormObject): string[] {
  const value = params.expand;
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalidRequest('Invalid array', 'expand');
  return value as string[];
}

export function retrieveParams(query: FormObject): string[] {
  rejectUnknown(query, { expand: true }, '');
  return expandPaths(query);
}

export interface LineItem {
  name: string;
  description: string | undefined;
  currency: string;
  unitAmount: number;
  quantity: number;
}

/** What a subscription-mode session will start once paid. */
export interface SubscriptionPlan {
  price: Price;
  quantity: number;
  /** `subscription_data[metadata]`: the subscription's metadata. */
  metadata: Record<string, string>;
}

/** A Checkout Session request that passed validation, in the stand-in's terms. */
export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  successUrl: string;
  cancelUrl: string;
  lineItems: LineItem[];
  currency: string;
  amountTotal: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  /** Set in subscription mode only. */
  plan: SubscriptionPlan | null;
  expiresAt: number;
  expand: string[];
  /** `automatic_tax[enabled]`: Stripe Tax adds tax from the buyer's address. */
  automaticTax: boolean;
  /** `billing_address_collection=required`: Checkout asks for the address (the stand-in: its country). */
  billingAddressRequired: boolean;
  allowPromotionCodes: boolean;
  /** Connect: `payment_intent_data[application_fee_amount]`. */
  applicationFeeAmount: number | null;
  /** The language Checkout shows; null when the request named none (the browser's then). */
  locale: Stripe.Checkout.Session.Locale | null;
}

/** The account's own objects that a Checkout Session may name. */
export interface CheckoutLookup {
  price(id: string): CatalogPrice | undefined;
  customer(id: string): Customer | undefined;
  /** The request is made on a connected account (the Stripe-Account header): a direct charge. */
  connected?: boolean;
}

/** The locales Checkout is offered in (Stripe's documented list); any other value is refused. */
const CHECKOUT_LOCALES: readonly string[] = [
  'auto', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hi-IN', 'hr',
  'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv',
  'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
]; // prettier-ignore

function checkoutLocale(params: FormObject): Stripe.Checkout.Session.Locale | null {
  const locale = optionalString(params, 'locale');
  if (locale === undefined) return null;
  if (!CHECKOUT_LOCALES.includes(locale)) {
    const [last, ...rest] = [...CHECKOUT_LOCALES].reverse();
    throw invalidRequest(`Invalid locale: must be one of ${rest.reverse().join(', ')}, or ${last}`, 'locale');
  }
  return locale;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Stripe's ceiling for one amount: 99,999,999 in the smallest unit ($999,999.99).
const MAX_AMOUNT = 99_999_999;

const SUBSCRIPTION_DATA_PARAMS = {
  application_fee_percent: true,
  billing_cycle_anchor: true,
  billing_cycle_anchor_config: true,
  billing_mode: true,
  default_tax_rates: true,
  description: true,
  invoice_settings: true,
  metadata: true,
  on_behalf_of: true,
  pending_invoice_item_interval: true,
  proration_behavior: true,
  transfer_data: true,
  trial_end: true,
  trial_period_days: true,
  trial_settings: true,
} satisfies Known<Stripe.Checkout.SessionCreateParams.SubscriptionData>;

// Accepted by Stripe, but they would change the subscription's status or periods, which the stand-in does not model.
const UNMODELLED_SUBSCRIPTION_DATA = [
  'billing_cycle_anchor',
  'billing_cycle_anchor_config',
  'trial_end',
  'trial_period_days',
  'trial_settings',
];

function requiredQuantity(value: FormObject, prefix: string): number {
  const quantity = optionalInteger(value, 'quantity', prefix);
  if (quantity === undefined)
    throw invalidRequest(`Missing required param: ${prefix}[quantity].`, `${prefix}[quantity]`, 'parameter_missing');
  if (quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', `${prefix}[quantity]`);
  return quantity;
}

function lineItem(value: FormValue, prefix: string, lookup: CheckoutLookup): LineItem {
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', prefix);
  rejectUnknown(value, LINE_ITEM_PARAMS, prefix);
  if (value.price !== undefined) {
    // Every price the stand-in knows is recurring (they are registered for Billing).
    if (typeof value.price === 'string' && lookup.price(value.price)) {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${prefix}[price]`,
      );
    }
    throw noSuchObject('price', String(value.price), `${prefix}[price]`);
  }
  const priceData = optionalHash(value, 'price_data', prefix);
  if (!priceData) throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${prefix}.`, prefix);
  const pricePrefix = `${prefix}[price_data]`;
  rejectUnknown(priceData, PRICE_DATA_PARAMS, pricePrefix);
  const currency = requiredString(priceData, 'currency', pricePrefix).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, `${pricePrefix}[currency]`);
  if (priceData.recurring !== undefined) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      `${pricePrefix}[recurring]`,
    );
  }
  if (priceData.product !== undefined) {
    throw noSuchObject('product', String(priceData.product), `${pricePrefix}[product]`);
  }
  if (priceData.unit_amount_decimal !== undefined) {
    throw invalidRequest(
      'The Stripe stand-in supports unit_amount only, not unit_amount_decimal.',
      `${pricePrefix}[unit_amount_decimal]`,
    );
  }
  const unitAmount = optionalInteger(priceData, 'unit_amount', pricePrefix);
  if (unitAmount === undefined) {
    throw invalidRequest(
      `Missing required param: ${pricePrefix}[unit_amount].`,
      `${pricePrefix}[unit_amount]`,
      'parameter_missing',
    );
  }
  if (unitAmount < 1) throw invalidRequest('This value must be greater than or equal to 1.', `${pricePrefix}[unit_amount]`);
  if (unitAmount > MAX_AMOUNT)
    throw invalidRequest(`This value must be less than or equal to ${MAX_AMOUNT}.`, `${pricePrefix}[unit_amount]`);
  const productData = optionalHash(priceData, 'product_data', pricePrefix);
  if (!productData) {
    throw invalidRequest(
      `Missing required param: ${pricePrefix}[product_data].`,
      `${pricePrefix}[product_data]`,
      'parameter_missing',
    );
  }
  const productPrefix = `${pricePrefix}[product_data]`;
  rejectUnknown(productData, PRODUCT_DATA_PARAMS, productPrefix);
  const name = requiredString(productData, 'name', productPrefix);
  const quantity = requiredQuantity(value, prefix);
  return { name, description: optionalString(productData, 'description', productPrefix), currency, unitAmount, quantity };
}

/** Subscription mode: one line item with a price registered for the account (`line_items[0][price]`). */
function subscriptionItem(items: FormValue[], lookup: CheckoutLookup): { lineItem: LineItem; price: Price } {
  if (items.length > 1) {
    throw invalidRequest('The Stripe stand-in supports one line item in subscription mode.', 'line_items');
  }
  const prefix = 'line_items[0]';
  const value = items[0]!;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', prefix);
  rejectUnknown(value, LINE_ITEM_PARAMS, prefix);
  const priceData = optionalHash(value, 'price_data', prefix);
  if (priceData) {
    rejectUnknown(priceData, PRICE_DATA_PARAMS, `${prefix}[price_data]`);
    if (priceData.recurring === undefined) {
      throw invalidRequest(
        'You must specify at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    }
    throw invalidRequest(
      'The Stripe stand-in supports prices registered with the account (line_items[0][price]) in subscription mode, not price_data.',
      `${prefix}[price_data]`,
    );
  }
  const id = optionalString(value, 'price', prefix);
  if (id === undefined || id === '') {
    throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${prefix}.`, prefix);
  }
  const found = lookup.price(id);
  if (!found) throw noSuchObject('price', id, `${prefix}[price]`);
  const { price, product } = found;
  return {
    lineItem: {
      name: product.name,
      description: product.description ?? undefined,
      currency: price.currency,
      unitAmount: price.unit_amount ?? 0,
      quantity: requiredQuantity(value, prefix),
    },
    price,
  };
}

/** Parameters that only one of the two modes takes, refused in the other as Stripe does. */
function checkModeParams(params: FormObject, mode: 'payment' | 'subscription'): void {
  const other = mode === 'payment' ? 'subscription_data' : 'payment_intent_data';
  if (params[other] !== undefined) throw invalidRequest(`You can not pass \`${other}\` in \`${mode}\` mode.`, other);
  if (mode === 'subscription' && params.customer_creation !== undefined) {
    throw invalidRequest('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
  }
}

function subscriptionMetadata(params: FormObject): Record<string, string> {
  const data = optionalHash(params, 'subscription_data');
  if (!data) return {};
  rejectUnknown(data, SUBSCRIPTION_DATA_PARAMS, 'subscription_data');
  const unmodelled = UNMODELLED_SUBSCRIPTION_DATA.find((key) => data[key] !== undefined);
  if (unmodelled) {
    throw invalidRequest(
      `The Stripe stand-in does not support subscription_data[${unmodelled}]: its subscriptions start active, billed from now.`,
      `subscription_data[${unmodelled}]`,
    );
  }
  return metadata(data.metadata, 'subscription_data[metadata]');
}

/** `customer` (one of the account's) or `customer_email`, not both. */
function customerParams(params: FormObject, lookup: CheckoutLookup): { customer: string | null; customerEmail: string | null } {
  const customer = optionalString(params, 'customer') ?? null;
  const customerEmail = optionalString(params, 'customer_email') ?? null;
  if (customer !== null && customerEmail !== null) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  }
  if (customer !== null && !lookup.customer(customer)) throw noSuchObject('customer', customer, 'customer');
  if (customerEmail !== null && !EMAIL.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  return { customer, customerEmail };
}

/**
 * Validates `POST /v1/checkout/sessions` like Stripe does for hosted Checkout: one-time payments
 * (`price_data`) and subscriptions to the account's registered prices.
 */
export function checkoutRequest(params: FormObject, now: number, lookup: CheckoutLookup): CheckoutRequest {
  rejectUnknown(params, SESSION_CREATE_PARAMS, '');
  const mode = requiredString(params, 'mode');
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    throw invalidRequest('Invalid mode: must be one of payment, setup, or subscription', 'mode');
  }
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalidRequest(`The Stripe stand-in supports mode=payment and mode=subscription, not ${mode}.`, 'mode');
  }
  const uiMode = optionalString(params, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted') {
    throw invalidRequest(`The Stripe stand-in supports hosted Checkout only, not ui_mode=${uiMode}.`, 'ui_mode');
  }
  const successUrl = httpUrl(params, 'success_url');
  const cancelUrl = httpUrl(params, 'cancel_url');

  const items = optionalArray(params, 'line_items');
  if (!items || items.length === 0)
    throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  let plan: SubscriptionPlan | null = null;
  let lineItems: LineItem[];
  if (mode === 'subscription') {
    const { lineItem: item, price } = subscriptionItem(items, lookup);
    lineItems = [item];
    plan = { price, quantity: item.quantity, metadata: {} };
  } else {
    lineItems = items.map((item, i) => lineItem(item, `line_items[${i}]`, lookup));
  }
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  const amountTotal = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (amountTotal > MAX_AMOUNT) throw invalidRequest(`The total amount due must be no more than ${MAX_AMOUNT}.`, 'line_items');
  checkModeParams(params, mode);
  if (plan) plan.metadata = subscriptionMetadata(params);

  const { customer, customerEmail } = customerParams(params, lookup);
  const clientReferenceId = optionalString(params, 'client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest('client_reference_id can have up to 200 characters.', 'client_reference_id');
  }
  const paymentIntentData = optionalHash(params, 'payment_intent_data');
  if (paymentIntentData) rejectUnknown(paymentIntentData, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data');
  const applicationFeeAmount = paymentIntentData
    ? (optionalInteger(paymentIntentData, 'application_fee_amount', 'payment_intent_data') ?? null)
    : null;
  if (applicationFeeAmount !== null) {
    if (!lookup.connected) {
      throw invalidRequest(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        'payment_intent_data[application_fee_amount]',
      );
    }
    if (applicationFeeAmount < 0 || applicationFeeAmount > amountTotal) {
      throw invalidRequest(
        'The application fee must be between 0 and the amount of the payment.',
        'payment_intent_data[application_fee_amount]',
      );
    }
  }
  const automaticTax = optionalHash(params, 'automatic_tax');
  if (automaticTax) rejectUnknown(automaticTax, { enabled: true, liability: true }, 'automatic_tax');
  const taxEnabled = automaticTax ? requiredString(automaticTax, 'enabled', 'automatic_tax') === 'true' : false;
  const billingAddress = optionalString(params, 'billing_address_collection');
  if (billingAddress !== undefined && billingAddress !== 'auto' && billingAddress !== 'required') {
    throw invalidRequest('Invalid billing_address_collection: must be one of auto or required', 'billing_address_collection');
  }
  const taxIds = optionalHash(params, 'tax_id_collection');
  if (taxIds) rejectUnknown(taxIds, { enabled: true, required: true }, 'tax_id_collection');
  const creation = optionalString(params, 'customer_creation');
  if (creation !== undefined && creation !== 'always' && creation !== 'if_required') {
    throw invalidRequest('Invalid customer_creation: must be one of always or if_required', 'customer_creation');
  }
  const allowPromotionCodes = optionalString(params, 'allow_promotion_codes') === 'true';
  if (allowPromotionCodes && params.discounts !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'discounts');
  }
  if (params.discounts !== undefined)
    throw invalidRequest('The Stripe stand-in supports allow_promotion_codes, not discounts.', 'discounts');

  const expiresAt = optionalInteger(params, 'expires_at') ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return {
    mode,
    successUrl,
    cancelUrl,
    lineItems,
    currency,
    amountTotal,
    customer,
    customerEmail,
    clientReferenceId,
    metadata: metadata(params.metadata, 'metadata'),
    paymentIntentMetadata: metadata(paymentIntentData?.metadata, 'payment_intent_data[metadata]'),
    plan,
    expiresAt,
    expand: expandPaths(params),
    automaticTax: taxEnabled,
    // Stripe Tax needs an address: Checkout asks for it when tax is on, even with `auto`.
    billingAddressRequired: billingAddress === 'required' || taxEnabled,
    allowPromotionCodes,
    applicationFeeAmount,
    locale: checkoutLocale(params),
  };
}
