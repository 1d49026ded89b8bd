import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form-encoding.js';
import {
  EMAIL,
  expandPaths,
  httpUrl,
  invalidRequest,
  type Known,
  metadata,
  optionalHash,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requiredString,
} from './stripe-params.js';

/**
 * Validation of the Billing requests (customers, subscriptions, invoices, portal sessions). The
 * parameter names are checked against the SDK's types, as in stripe-params.ts; a known parameter
 * whose effect the stand-in does not model is refused by name rather than ignored, so a test
 * cannot pass on behaviour that is not there.
 */

const CUSTOMER_CREATE_PARAMS = {
  address: true,
  balance: true,
  business_name: true,
  cash_balance: true,
  description: true,
  email: true,
  expand: true,
  individual_name: true,
  invoice_prefix: true,
  invoice_settings: true,
  metadata: true,
  name: true,
  next_invoice_sequence: true,
  payment_method: true,
  phone: true,
  preferred_locales: true,
  shipping: true,
  source: true,
  tax: true,
  tax_exempt: true,
  tax_id_data: true,
  test_clock: true,
  validate: true,
} satisfies Known<Stripe.CustomerCreateParams>;

const CUSTOMER_UPDATE_PARAMS = {
  address: true,
  balance: true,
  business_name: true,
  cash_balance: true,
  default_source: true,
  description: true,
  email: true,
  expand: true,
  individual_name: true,
  invoice_prefix: true,
  invoice_settings: true,
  metadata: true,
  name: true,
  next_invoice_sequence: true,
  phone: true,
  preferred_locales: true,
  shipping: true,
  source: true,
  tax: true,
  tax_exempt: true,
  validate: true,
} satisfies Known<Stripe.CustomerUpdateParams>;

const CUSTOMER_LIST_PARAMS = {
  created: true,
  email: true,
  ending_before: true,
  expand: true,
  limit: true,
  starting_after: true,
  test_clock: true,
} satisfies Known<Stripe.CustomerListParams>;

const SUBSCRIPTION_UPDATE_PARAMS = {
  add_invoice_items: true,
  application_fee_percent: true,
  automatic_tax: true,
  billing_cycle_anchor: true,
  billing_schedules: true,
  billing_thresholds: true,
  cancel_at: true,
  cancel_at_period_end: true,
  cancellation_details: true,
  collection_method: true,
  days_until_due: true,
  default_payment_method: true,
  default_source: true,
  default_tax_rates: true,
  description: true,
  discounts: true,
  expand: true,
  invoice_settings: true,
  items: true,
  metadata: true,
  off_session: true,
  on_behalf_of: true,
  pause_collection: true,
  payment_behavior: true,
  payment_settings: true,
  pending_invoice_item_interval: true,
  proration_behavior: true,
  proration_date: true,
  transfer_data: true,
  trial_end: true,
  trial_from_plan: true,
  trial_settings: true,
} satisfies Known<Stripe.SubscriptionUpdateParams>;

const SUBSCRIPTION_ITEM_UPDATE_PARAMS = {
  billing_thresholds: true,
  clear_usage: true,
  current_trial: true,
  deleted: true,
  discounts: true,
  id: true,
  metadata: true,
  plan: true,
  price: true,
  price_data: true,
  quantity: true,
  tax_rates: true,
} satisfies Known<Stripe.SubscriptionUpdateParams.Item>;

const CANCELLATION_DETAILS_PARAMS = {
  comment: true,
  feedback: true,
  feedback_option: true,
} satisfies Known<Stripe.SubscriptionUpdateParams.CancellationDetails> &
  Known<Stripe.SubscriptionCancelParams.CancellationDetails>;

const SUBSCRIPTION_CANCEL_PARAMS = {
  cancellation_details: true,
  expand: true,
  invoice_now: true,
  prorate: true,
} satisfies Known<Stripe.SubscriptionCancelParams>;

const SUBSCRIPTION_LIST_PARAMS = {
  automatic_tax: true,
  collection_method: true,
  created: true,
  current_period_end: true,
  current_period_start: true,
  customer: true,
  customer_account: true,
  ending_before: true,
  expand: true,
  limit: true,
  plan: true,
  price: true,
  starting_after: true,
  status: true,
  test_clock: true,
} satisfies Known<Stripe.SubscriptionListParams>;

const INVOICE_LIST_PARAMS = {
  collection_method: true,
  created: true,
  customer: true,
  customer_account: true,
  due_date: true,
  ending_before: true,
  expand: true,
  limit: true,
  starting_after: true,
  status: true,
  subscription: true,
} satisfies Known<Stripe.InvoiceListParams>;

const PORTAL_SESSION_PARAMS = {
  after_expiration: true,
  configuration: true,
  customer: true,
  customer_account: true,
  expand: true,
  flow_data: true,
  locale: true,
  on_behalf_of: true,
  return_url: true,
} satisfies Known<Stripe.BillingPortal.SessionCreateParams>;

/** Refuses the parameters in `params` that are not in `supported`, naming what the stand-in lacks. */
function onlySupported(params: FormObject, supported: readonly string[], what: string): void {
  const other = Object.keys(params).find((key) => !supported.includes(key));
  if (other !== undefined) {
    throw invalidRequest(`The Stripe stand-in does not support ${other} on ${what}.`, other);
  }
}

function optionalBoolean(params: FormObject, key: string): boolean | undefined {
  const value = optionalString(params, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, key);
  return value === 'true';
}

/** An optional string that may be unset with '' (Stripe's `Emptyable`). */
function emptyable(params: FormObject, key: string): string | null | undefined {
  const value = optionalString(params, key);
  return value === '' ? null : value;
}

/**
 * `metadata` on an update: keys are added or replaced, a key set to '' is removed, and
 * `metadata=''` removes them all, as Stripe does.
 */
export function mergedMetadata(current: Record<string, string>, value: FormValue | undefined): Record<string, string> {
  if (value === undefined) return current;
  if (value === '') return {};
  const valid = metadata(value, 'metadata');
  const merged = { ...current, ...valid };
  for (const [key, item] of Object.entries(value as FormObject)) if (item === '') delete merged[key];
  return merged;
}

export interface CustomerFields {
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: FormValue;
}

function customerFields(params: FormObject, known: Record<string, true>): CustomerFields & { expand: string[] } {
  rejectUnknown(params, known, '');
  onlySupported(params, ['email', 'name', 'description', 'phone', 'metadata', 'expand'], 'customers');
  const email = emptyable(params, 'email');
  if (email && !EMAIL.test(email)) throw invalidRequest(`Invalid email address: ${email}`, 'email', 'email_invalid');
  return {
    email,
    name: emptyable(params, 'name'),
    description: emptyable(params, 'description'),
    phone: emptyable(params, 'phone'),
    metadata: params.metadata,
    expand: expandPaths(params),
  };
}

export const customerCreateRequest = (params: FormObject) => customerFields(params, CUSTOMER_CREATE_PARAMS);
export const customerUpdateRequest = (params: FormObject) => customerFields(params, CUSTOMER_UPDATE_PARAMS);

/** `limit`, `starting_after` and `ending_before` of a list request. */
export interface PageParams {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

function pageParams(params: FormObject): PageParams {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100.', 'limit');
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  }
  return { limit, startingAfter, endingBefore };
}

/**
 * One page of `items` (newest first) as Stripe answers a list. A cursor must be an object of the
 * list, else 400 as Stripe answers for an unknown cursor.
 */
export function listPage<T extends { id: string }>(
  items: T[],
  page: PageParams,
  url: string,
  objectName: string,
): Stripe.ApiList<T> {
  const cursor = page.startingAfter ?? page.endingBefore;
  let index = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && index === -1) {
    const param = page.startingAfter !== undefined ? 'starting_after' : 'ending_before';
    throw invalidRequest(`No such ${objectName}: '${cursor}'`, param, 'resource_missing');
  }
  let data: T[];
  let hasMore: boolean;
  if (page.endingBefore !== undefined) {
    data = items.slice(Math.max(0, index - page.limit), index);
    hasMore = index - page.limit > 0;
  } else {
    index += 1;
    data = items.slice(index, index + page.limit);
    hasMore = index + page.limit < items.length;
  }
  return { object: 'list', data, has_more: hasMore, url };
}

export function customerListRequest(params: FormObject): { email?: string; page: PageParams; expand: string[] } {
  rejectUnknown(params, CUSTOMER_LIST_PARAMS, '');
  onlySupported(params, ['email', 'limit', 'starting_after', 'ending_before', 'expand'], 'customer lists');
  return { email: optionalString(params, 'email'), page: pageParams(params), expand: listExpand(params) };
}

/** A list's `expand[]` names fields of its objects as `data.<field>`; the objects are expanded without the prefix. */
function listExpand(params: FormObject): string[] {
  return expandPaths(params).map((path) => {
    if (!path.startsWith('data.')) throw invalidRequest(`This property cannot be expanded (${path.split('.')[0]}).`, 'expand');
    return path.slice('data.'.length);
  });
}

const SUBSCRIPTION_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
];

export function subscriptionListRequest(params: FormObject): {
  customer?: string;
  price?: string;
  status?: string;
  page: PageParams;
  expand: string[];
} {
  rejectUnknown(params, SUBSCRIPTION_LIST_PARAMS, '');
  onlySupported(
    params,
    ['customer', 'price', 'status', 'limit', 'starting_after', 'ending_before', 'expand'],
    'subscription lists',
  );
  const status = optionalString(params, 'status');
  if (status !== undefined && !SUBSCRIPTION_STATUSES.includes(status)) {
    throw invalidRequest(`Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`, 'status');
  }
  return {
    customer: optionalString(params, 'customer'),
    price: optionalString(params, 'price'),
    status,
    page: pageParams(params),
    expand: listExpand(params),
  };
}

/** Stripe's list without `status` leaves out canceled subscriptions; 'all' has every one, 'ended' the canceled ones. */
export function subscriptionStatusMatches(status: string, filter: string | undefined): boolean {
  if (filter === 'all') return true;
  if (filter === 'ended') return status === 'canceled' || status === 'incomplete_expired';
  if (filter === undefined) return status !== 'canceled' && status !== 'incomplete_expired';
  return status === filter;
}

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];

export function invoiceListRequest(params: FormObject): {
  customer?: string;
  subscription?: string;
  status?: string;
  page: PageParams;
  expand: string[];
} {
  rejectUnknown(params, INVOICE_LIST_PARAMS, '');
  onlySupported(
    params,
    ['customer', 'subscription', 'status', 'limit', 'starting_after', 'ending_before', 'expand'],
    'invoice lists',
  );
  const status = optionalString(params, 'status');
  if (status !== undefined && !INVOICE_STATUSES.includes(status)) {
    throw invalidRequest(`Invalid status: must be one of ${INVOICE_STATUSES.join(', ')}`, 'status');
  }
  return {
    customer: optionalString(params, 'customer'),
    subscription: optionalString(params, 'subscription'),
    status,
    page: pageParams(params),
    expand: listExpand(params),
  };
}

function cancellationDetails(params: FormObject): { comment?: string; feedback?: string } {
  const details = optionalHash(params, 'cancellation_details');
  if (!details) return {};
  rejectUnknown(details, CANCELLATION_DETAILS_PARAMS, 'cancellation_details');
  const comment = optionalString(details, 'comment', 'cancellation_details');
  const feedback = optionalString(details, 'feedback', 'cancellation_details');
  return { ...(comment && { comment }), ...(feedback && { feedback }) };
}

/** What `POST /v1/subscriptions/:id` may change here: cancel_at_period_end, metadata and the item's price. */
export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean;
  metadata?: FormValue;
  /** The subscription item (`items[0][id]`) and its new price. */
  item?: { id: string; price?: string; quantity?: number };
  cancellationDetails: { comment?: string; feedback?: string };
  expand: string[];
}

const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'];

export function subscriptionUpdateRequest(params: FormObject): SubscriptionUpdate {
  rejectUnknown(params, SUBSCRIPTION_UPDATE_PARAMS, '');
  // proration_behavior is accepted because callers pass it with a plan change; prorations are not modelled.
  onlySupported(
    params,
    ['cancel_at_period_end', 'metadata', 'items', 'proration_behavior', 'cancellation_details', 'expand'],
    'subscription updates',
  );
  const proration = optionalString(params, 'proration_behavior');
  if (proration !== undefined && !PRORATION_BEHAVIORS.includes(proration)) {
    throw invalidRequest(`Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`, 'proration_behavior');
  }
  return {
    cancelAtPeriodEnd: optionalBoolean(params, 'cancel_at_period_end'),
    metadata: params.metadata,
    item: subscriptionItemUpdate(params.items),
    cancellationDetails: cancellationDetails(params),
    expand: expandPaths(params),
  };
}

function subscriptionItemUpdate(value: FormValue | undefined): SubscriptionUpdate['item'] {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidRequest('Invalid array', 'items');
  if (value.length !== 1) {
    throw invalidRequest('The Stripe stand-in supports changing the one item of a subscription (items[0]) only.', 'items');
  }
  const item = value[0]!;
  const prefix = 'items[0]';
  if (typeof item === 'string' || Array.isArray(item)) throw invalidRequest('Invalid hash', prefix);
  rejectUnknown(item, SUBSCRIPTION_ITEM_UPDATE_PARAMS, prefix);
  const other = Object.keys(item).find((key) => !['id', 'price', 'quantity'].includes(key));
  if (other !== undefined) {
    throw invalidRequest(`The Stripe stand-in does not support ${prefix}[${other}].`, `${prefix}[${other}]`);
  }
  const quantity = optionalInteger(item, 'quantity', prefix);
  if (quantity !== undefined && quantity < 1) {
    throw invalidRequest('This value must be greater than or equal to 1.', `${prefix}[quantity]`);
  }
  return { id: requiredString(item, 'id', prefix), price: optionalString(item, 'price', prefix), quantity };
}

export function subscriptionCancelRequest(params: FormObject): {
  cancellationDetails: { comment?: string; feedback?: string };
  expand: string[];
} {
  rejectUnknown(params, SUBSCRIPTION_CANCEL_PARAMS, '');
  // invoice_now and prorate only matter for pending prorations, which the stand-in has none of.
  optionalBoolean(params, 'invoice_now');
  optionalBoolean(params, 'prorate');
  return { cancellationDetails: cancellationDetails(params), expand: expandPaths(params) };
}

/** A portal configuration id, when none is given: the account's default, as Stripe uses. */
export const DEFAULT_PORTAL_CONFIGURATION = 'bpc_standInDefaultConfiguration';

export function portalSessionRequest(params: FormObject): {
  customer: string;
  returnUrl: string | null;
  configuration: string;
  locale: string | null;
  expand: string[];
} {
  rejectUnknown(params, PORTAL_SESSION_PARAMS, '');
  onlySupported(params, ['customer', 'return_url', 'configuration', 'locale', 'expand'], 'billing portal sessions');
  const customer = requiredString(params, 'customer');
  const returnUrl = params.return_url === undefined ? null : httpUrl(params, 'return_url');
  const configuration = optionalString(params, 'configuration') ?? DEFAULT_PORTAL_CONFIGURATION;
  if (!/^bpc_\w+$/.test(configuration)) {
    throw invalidRequest(`No such configuration: '${configuration}'`, 'configuration', 'resource_missing');
  }
  return {
    customer,
    returnUrl,
    configuration,
    locale: optionalString(params, 'locale') ?? null,
    expand: expandPaths(params),
  };
}
