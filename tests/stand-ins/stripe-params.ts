import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form-encoding.js';

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

type Known<T> = Record<keyof Required<T>, true>;

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

function optionalString(params: FormObject, key: string, prefix = ''): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${nested(prefix, key)}`, nested(prefix, key));
  return value;
}

function requiredString(params: FormObject, key: string, prefix = ''): string {
  const value = optionalString(params, key, prefix);
  if (value === undefined || value === '') {
    throw invalidRequest(`Missing required param: ${nested(prefix, key)}.`, nested(prefix, key), 'parameter_missing');
  }
  return value;
}

function optionalInteger(params: FormObject, key: string, prefix = ''): number | undefined {
  const value = optionalString(params, key, prefix);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, nested(prefix, key), 'parameter_invalid_integer');
  return Number(value);
}

function optionalHash(params: FormObject, key: string, prefix = ''): FormObject | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', nested(prefix, key));
  return value;
}

function optionalArray(params: FormObject, key: string): FormValue[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidRequest('Invalid array', key);
  return value;
}

function httpUrl(params: FormObject, key: string): string {
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

/** A Checkout Session request that passed validation, in the stand-in's terms. */
export interface CheckoutRequest {
  successUrl: string;
  cancelUrl: string;
  lineItems: LineItem[];
  currency: string;
  amountTotal: number;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  expiresAt: number;
  expand: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Stripe's ceiling for one amount: 99,999,999 in the smallest unit ($999,999.99).
const MAX_AMOUNT = 99_999_999;

function lineItem(value: FormValue, prefix: string): LineItem {
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid hash', prefix);
  rejectUnknown(value, LINE_ITEM_PARAMS, prefix);
  if (value.price !== undefined) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such price: '${String(value.price)}'`,
      param: `${prefix}[price]`,
    });
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
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such product: '${String(priceData.product)}'`,
      param: `${pricePrefix}[product]`,
    });
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
  const quantity = optionalInteger(value, 'quantity', prefix);
  if (quantity === undefined)
    throw invalidRequest(`Missing required param: ${prefix}[quantity].`, `${prefix}[quantity]`, 'parameter_missing');
  if (quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', `${prefix}[quantity]`);
  return { name, description: optionalString(productData, 'description', productPrefix), currency, unitAmount, quantity };
}

/** Validates `POST /v1/checkout/sessions` like Stripe does for the hosted, one-time-payment subset. */
export function checkoutRequest(params: FormObject, now: number): CheckoutRequest {
  rejectUnknown(params, SESSION_CREATE_PARAMS, '');
  const mode = requiredString(params, 'mode');
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    throw invalidRequest('Invalid mode: must be one of payment, setup, or subscription', 'mode');
  }
  if (mode !== 'payment') throw invalidRequest(`The Stripe stand-in supports mode=payment only, not ${mode}.`, 'mode');
  const uiMode = optionalString(params, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted') {
    throw invalidRequest(`The Stripe stand-in supports hosted Checkout only, not ui_mode=${uiMode}.`, 'ui_mode');
  }
  const successUrl = httpUrl(params, 'success_url');
  const cancelUrl = httpUrl(params, 'cancel_url');

  const items = optionalArray(params, 'line_items');
  if (!items || items.length === 0)
    throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  const lineItems = items.map((item, i) => lineItem(item, `line_items[${i}]`));
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  const amountTotal = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (amountTotal > MAX_AMOUNT) throw invalidRequest(`The total amount due must be no more than ${MAX_AMOUNT}.`, 'line_items');

  const customerEmail = optionalString(params, 'customer_email') ?? null;
  if (customerEmail !== null && !EMAIL.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const clientReferenceId = optionalString(params, 'client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest('client_reference_id can have up to 200 characters.', 'client_reference_id');
  }
  const paymentIntentData = optionalHash(params, 'payment_intent_data');
  if (paymentIntentData) rejectUnknown(paymentIntentData, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data');

  const expiresAt = optionalInteger(params, 'expires_at') ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return {
    successUrl,
    cancelUrl,
    lineItems,
    currency,
    amountTotal,
    customerEmail,
    clientReferenceId,
    metadata: metadata(params.metadata, 'metadata'),
    paymentIntentMetadata: metadata(paymentIntentData?.metadata, 'payment_intent_data[metadata]'),
    expiresAt,
    expand: expandPaths(params),
  };
}
