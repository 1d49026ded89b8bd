import { randomString } from './http.js';

/** PayPal's error body: `{ name, message, debug_id, details: [{ field?, value?, location?, issue, description }], links }`. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
  issue: string;
  description: string;
}

export const debugId = () => randomString(13, '0123456789abcdef');

function apiError(status: number, name: string, message: string, details: ErrorDetail[], api = 'orders/v2'): PaypalApiError {
  return new PaypalApiError(status, {
    name,
    details,
    message,
    debug_id: debugId(),
    links: details.map((d) => ({
      href: `https://developer.paypal.com/docs/api/${api}/#error-${d.issue}`,
      rel: 'information_link',
      method: 'GET',
    })),
  });
}

export const invalidRequest = (detail: ErrorDetail) =>
  apiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { location: 'body', ...detail },
  ]);

export const unprocessable = (detail: ErrorDetail) =>
  apiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [detail],
  );

export const orderNotFound = (id: string) =>
  apiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field: 'order_id',
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

export const paymentNotFound = (id: string) =>
  apiError(
    404,
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    [
      {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        value: id,
      },
    ],
    'payments/v2',
  );

export const authenticationFailure = () =>
  new PaypalApiError(401, {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });

// The currencies PayPal accepts; HUF, JPY and TWD take no decimals.
const PAYPAL_CURRENCIES = new Set([
  'AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD',
  'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD',
]); // prettier-ignore
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
export const paypalDecimals = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

export interface Money {
  currency_code: string;
  value: string;
}

export interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  user_action?: string;
  shipping_preference?: string;
  locale?: string;
}

/** A create-order request that passed validation. */
export interface OrderRequest {
  referenceId: string;
  amount: Money & { breakdown?: unknown };
  customId?: string;
  invoiceId?: string;
  description?: string;
  softDescriptor?: string;
  /** Whether the request named PayPal as the payment source (status PAYER_ACTION_REQUIRED) or not (CREATED). */
  paypalSource: boolean;
  experience: ExperienceContext;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalText(object: Record<string, unknown>, key: string, field: string, maxLength: number): string | undefined {
  const value = object[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw invalidRequest({
      field,
      issue: 'INVALID_PARAMETER_SYNTAX',
      description: 'The value of a field does not conform to the expected format.',
    });
  }
  if (value.length < 1 || value.length > maxLength) {
    throw invalidRequest({
      field,
      value,
      issue: 'INVALID_STRING_LENGTH',
      description: `The value of a field is either too short or too long (1 to ${maxLength} characters).`,
    });
  }
  return value;
}

function optionalUrl(object: Record<string, unknown>, key: string, field: string): string | undefined {
  const value = optionalText(object, key, field, 4000);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw invalidRequest({
    field,
    value,
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  });
}

function oneOf(object: Record<string, unknown>, key: string, field: string, allowed: string[]): string | undefined {
  const value = object[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw invalidRequest({
      field,
      value: String(value),
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The value of a field is invalid.',
    });
  }
  return value;
}

// PayPal's pattern for a locale: language, optional script, optional region (de-DE, zh-Hans-CN, es-419).
const LOCALE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/;

function optionalLocale(object: Record<string, unknown>, field: string): string | undefined {
  const value = optionalText(object, 'locale', field, 10);
  if (value === undefined || LOCALE.test(value)) return value;
  throw invalidRequest({
    field,
    value,
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  });
}

const missing = (field: string) =>
  invalidRequest({ field, issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });

/** Validates `POST /v2/checkout/orders` like PayPal for the subset the stand-in supports: one purchase unit, intent CAPTURE, PayPal wallet. */
export function orderRequest(body: unknown): OrderRequest {
  if (!isObject(body))
    throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' });
  if (body.intent === undefined) throw missing('/intent');
  oneOf(body, 'intent', '/intent', ['CAPTURE', 'AUTHORIZE']);
  if (body.intent !== 'CAPTURE') {
    throw invalidRequest({
      field: '/intent',
      value: String(body.intent),
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The PayPal stand-in supports intent CAPTURE only.',
    });
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) throw missing('/purchase_units');
  if (units.length > 1) {
    throw invalidRequest({
      field: '/purchase_units',
      issue: 'INVALID_ARRAY_MAX_ITEMS',
      description: 'The PayPal stand-in supports one purchase unit.',
    });
  }
  const unit: unknown = units[0];
  if (!isObject(unit)) throw missing('/purchase_units/0');
  const referenceId = optionalText(unit, 'reference_id', '/purchase_units/0/reference_id', 256) ?? 'default';
  const at = `/purchase_units/@reference_id=='${referenceId}'`;

  const amount = unit.amount;
  if (!isObject(amount)) throw missing(`${at}/amount`);
  const currency = amount.currency_code;
  const value = amount.value;
  if (currency === undefined) throw missing(`${at}/amount/currency_code`);
  if (value === undefined) throw missing(`${at}/amount/value`);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalidRequest({
      field: `${at}/amount/currency_code`,
      value: String(currency),
      issue: 'INVALID_PARAMETER_SYNTAX',
      description: 'The value of a field does not conform to the expected format.',
    });
  }
  if (typeof value !== 'string' || value.length > 32 || !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(value)) {
    throw invalidRequest({
      field: `${at}/amount/value`,
      value: String(value),
      issue: 'INVALID_PARAMETER_SYNTAX',
      description: 'The value of a field does not conform to the expected format.',
    });
  }
  if (!PAYPAL_CURRENCIES.has(currency)) {
    throw unprocessable({
      field: `${at}/amount/currency_code`,
      value: currency,
      issue: 'CURRENCY_NOT_SUPPORTED',
      description:
        'Currency code is unsupported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
    });
  }
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > paypalDecimals(currency)) {
    throw unprocessable({
      field: `${at}/amount/value`,
      value,
      issue: 'DECIMAL_PRECISION',
      description:
        paypalDecimals(currency) === 0
          ? `${currency} does not support decimal amounts.`
          : 'If the currency supports decimals, only two decimal place precision is supported.',
    });
  }
  if (Number(value) <= 0) {
    throw unprocessable({
      field: `${at}/amount/value`,
      value,
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description: 'Must be greater than zero.',
    });
  }

  const source = body.payment_source;
  let paypalSource = false;
  let context: Record<string, unknown> = {};
  let contextPath = '/application_context';
  if (source !== undefined) {
    if (!isObject(source) || !isObject(source.paypal) || Object.keys(source).length !== 1) {
      throw invalidRequest({
        field: '/payment_source',
        issue: 'INVALID_PARAMETER_VALUE',
        description: 'The PayPal stand-in supports payment_source.paypal only.',
      });
    }
    paypalSource = true;
    const experience = source.paypal.experience_context;
    if (experience !== undefined && !isObject(experience)) throw missing('/payment_source/paypal/experience_context');
    context = experience ?? {};
    contextPath = '/payment_source/paypal/experience_context';
  } else if (isObject(body.application_context)) {
    // The deprecated way to pass return and cancel URLs; PayPal still accepts it.
    context = body.application_context;
  }
  return {
    referenceId,
    amount: { currency_code: currency, value, ...(amount.breakdown !== undefined && { breakdown: amount.breakdown }) },
    customId: optionalText(unit, 'custom_id', `${at}/custom_id`, 255),
    invoiceId: optionalText(unit, 'invoice_id', `${at}/invoice_id`, 127),
    description: optionalText(unit, 'description', `${at}/description`, 127),
    softDescriptor: optionalText(unit, 'soft_descriptor', `${at}/soft_descriptor`, 22),
    paypalSource,
    experience: {
      return_url: optionalUrl(context, 'return_url', `${contextPath}/return_url`),
      cancel_url: optionalUrl(context, 'cancel_url', `${contextPath}/cancel_url`),
      brand_name: optionalText(context, 'brand_name', `${contextPath}/brand_name`, 127),
      user_action: oneOf(context, 'user_action', `${contextPath}/user_action`, ['CONTINUE', 'PAY_NOW']),
      shipping_preference: oneOf(context, 'shipping_preference', `${contextPath}/shipping_preference`, [
        'GET_FROM_FILE',
        'NO_SHIPPING',
        'SET_PROVIDED_ADDRESS',
      ]),
      locale: optionalLocale(context, `${contextPath}/locale`),
    },
  };
}

export interface VerifyRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: Record<string, unknown>;
}

/** `POST /v1/notifications/verify-webhook-signature`: every field is required. */
export function verifyRequest(body: unknown): VerifyRequest {
  if (!isObject(body))
    throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' });
  const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
  const details: ErrorDetail[] = [];
  for (const field of fields) {
    if (typeof body[field] !== 'string' || body[field] === '') {
      details.push({
        field,
        location: 'body',
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'A required field / parameter is missing.',
      });
    }
  }
  if (!isObject(body.webhook_event)) {
    details.push({
      field: 'webhook_event',
      location: 'body',
      issue: 'MISSING_REQUIRED_PARAMETER',
      description: 'A required field / parameter is missing.',
    });
  }
  if (details.length > 0) {
    throw new PaypalApiError(400, {
      name: 'VALIDATION_ERROR',
      message: 'Invalid request - see details',
      debug_id: debugId(),
      information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-VALIDATION_ERROR',
      details,
    });
  }
  return body as unknown as VerifyRequest;
}

/** A partner referral that passed validation (`POST /v2/customer/partner-referrals`). */
export interface ReferralRequest {
  trackingId: string;
  returnUrl: string | undefined;
  features: string[];
  email: string | undefined;
}

/**
 * Validates a partner referral like PayPal for the subset the stand-in supports: one API_INTEGRATION
 * operation, PayPal's REST integration as a THIRD_PARTY (the platform acts for the seller).
 */
export function referralRequest(body: unknown): ReferralRequest {
  if (!isObject(body))
    throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' });
  const trackingId = optionalText(body, 'tracking_id', '/tracking_id', 127);
  if (trackingId === undefined) throw missing('/tracking_id');
  const operations = body.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw missing('/operations');
  const operation: unknown = operations[0];
  if (!isObject(operation) || operation.operation !== 'API_INTEGRATION') {
    throw invalidRequest({
      field: '/operations/0/operation',
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The PayPal stand-in supports the API_INTEGRATION operation only.',
    });
  }
  const rest = isObject(operation.api_integration_preference)
    ? operation.api_integration_preference.rest_api_integration
    : undefined;
  if (!isObject(rest)) throw missing('/operations/0/api_integration_preference/rest_api_integration');
  oneOf(rest, 'integration_method', '/operations/0/api_integration_preference/rest_api_integration/integration_method', [
    'PAYPAL',
    'BRAINTREE',
  ]);
  if (rest.integration_type !== 'THIRD_PARTY') {
    throw invalidRequest({
      field: '/operations/0/api_integration_preference/rest_api_integration/integration_type',
      value: String(rest.integration_type),
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The PayPal stand-in supports THIRD_PARTY integrations only.',
    });
  }
  const details = rest.third_party_details;
  const features = isObject(details) ? details.features : undefined;
  if (!Array.isArray(features) || features.length === 0 || features.some((f) => typeof f !== 'string')) {
    throw missing('/operations/0/api_integration_preference/rest_api_integration/third_party_details/features');
  }
  const products = body.products;
  if (products !== undefined && (!Array.isArray(products) || products.some((p) => typeof p !== 'string'))) {
    throw invalidRequest({ field: '/products', issue: 'INVALID_PARAMETER_SYNTAX', description: 'products must be strings.' });
  }
  const consents = body.legal_consents;
  const shared =
    Array.isArray(consents) &&
    consents.some((c: unknown) => isObject(c) && c.type === 'SHARE_DATA_CONSENT' && c.granted === true);
  if (!shared) throw missing('/legal_consents');
  const override = isObject(body.partner_config_override) ? body.partner_config_override : {};
  return {
    trackingId,
    returnUrl: optionalUrl(override, 'return_url', '/partner_config_override/return_url'),
    features: features as string[],
    email: optionalText(body, 'email', '/email', 254),
  };
}

/** `purchase_units[0].payee` of a create-order request: the merchant the order is for, when a platform creates it. */
export function orderPayee(body: unknown): { merchantId?: string; email?: string } | undefined {
  const unit: unknown = isObject(body) && Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
  if (!isObject(unit) || unit.payee === undefined) return undefined;
  if (!isObject(unit.payee)) throw missing('/purchase_units/0/payee');
  return {
    merchantId: optionalText(unit.payee, 'merchant_id', '/purchase_units/0/payee/merchant_id', 13),
    email: optionalText(unit.payee, 'email_address', '/purchase_units/0/payee/email_address', 254),
  };
}
