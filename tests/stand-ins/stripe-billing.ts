import type Stripe from 'stripe';
import { randomString, StandInError, UPPER_ALPHANUMERIC } from './http.js';
import { formatMinorUnits } from './pages.js';
import type { StripeAccount } from './stripe.js';

/**
 * Stripe Billing for the stand-in: an account's prices, and the customers, subscriptions and
 * invoices made from them. The objects have the shapes of the SDK's types for its API version
 * (in it a subscription's period lives on its item). Time does not pass by itself: the controls
 * (advance, payment-failed, …) say when a period ends, and each state change answers the events
 * Stripe would send for it.
 */

export type BillingInterval = 'month' | 'year';

/** A price as a test registers it with its account (`addAccount({ prices })`, `POST /_test/accounts`). */
export interface PriceRegistration {
  id: string;
  /** In the currency's smallest unit: 2900 is $29.00. */
  unitAmount: number;
  /** Default 'usd'. */
  currency?: string;
  interval: BillingInterval;
  productName: string;
}

// Decimal fields are strings on the wire; the SDK turns them into Stripe.Decimal itself (for the
// methods that declare them), so the stand-in's objects keep the JSON shape.
export type Price = Omit<Stripe.Price, 'product' | 'unit_amount_decimal' | 'recurring'> & {
  product: string;
  unit_amount_decimal: string | null;
  recurring: Stripe.Price.Recurring & { interval: BillingInterval };
};
export type Product = Omit<Stripe.Product, 'default_price'> & { default_price: string | null };
export type Plan = Omit<Stripe.Plan, 'product' | 'amount_decimal'> & { product: string; amount_decimal: string | null };
export type SubscriptionItem = Omit<Stripe.SubscriptionItem, 'price' | 'plan'> & { price: Price; plan: Plan };
export type Subscription = Omit<Stripe.Subscription, 'items' | 'customer' | 'latest_invoice'> & {
  items: Stripe.ApiList<SubscriptionItem>;
  customer: string;
  latest_invoice: string | null;
};
export type Customer = Stripe.Customer;
export type InvoiceLineItem = Omit<Stripe.InvoiceLineItem, 'quantity_decimal' | 'pricing' | 'subscription'> & {
  quantity_decimal: string | null;
  subscription: string;
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string | null };
};
export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'account_country'
  | 'account_name'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'amount_shipping'
  | 'attempt_count'
  | 'attempted'
  | 'auto_advance'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'discounts'
  | 'due_date'
  | 'effective_at'
  | 'ending_balance'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'period_end'
  | 'period_start'
  | 'receipt_number'
  | 'starting_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'subtotal_excluding_tax'
  | 'total'
  | 'total_excluding_tax'
  | 'webhooks_delivered_at'
> & {
  customer: string;
  lines: Stripe.ApiList<InvoiceLineItem>;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};
export type PortalSession = Omit<Stripe.BillingPortal.Session, 'configuration'> & { configuration: string };

/** An event a state change causes, built and sent by the stand-in (previousAttributes for `*.updated`). */
export interface BillingChange {
  type: string;
  object: object;
  previousAttributes?: Record<string, unknown>;
}

export interface CatalogPrice {
  price: Price;
  product: Product;
}

interface Catalog {
  prices: Map<string, Price>;
  products: Map<string, Product>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const objectId = (prefix: string, length = 24) => `${prefix}_${randomString(length)}`;
const DAY = 86_400;
/** Stripe's default retry schedule tries a failed renewal again a few days later. */
const RETRY_AFTER_SECONDS = 3 * DAY;

/**
 * `count` intervals after `anchor`, on the anchor's day of the month (or the month's last day, as
 * Stripe bills a subscription started on the 31st on the 30th in April).
 */
export function addInterval(anchor: number, interval: BillingInterval, count: number): number {
  const start = new Date(anchor * 1000);
  const months = start.getUTCMonth() + count * (interval === 'year' ? 12 : 1);
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), months + 1, 0)).getUTCDate();
  return (
    Date.UTC(
      start.getUTCFullYear(),
      months,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ) / 1000
  );
}

/** "$278.40 per year", as the hosted pages state a recurring price. */
export const recurringAmount = (amount: number, currency: string, interval: BillingInterval) =>
  `${formatMinorUnits(amount, currency)} per ${interval}`;

/** "March 5, 2026" (UTC), as the portal states renewal and cancellation dates. */
export const formatDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The top-level fields that changed, with their old values: an `*.updated` event's `data.previous_attributes`. */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(old[key])) changed[key] = old[key] ?? null;
  }
  return changed;
}

/** Checks registrations from a test (TypeScript or JSON): a mistake here should fail the set-up, not a payment. */
export function priceRegistrations(value: unknown): PriceRegistration[] {
  if (!Array.isArray(value)) throw new StandInError(400, 'prices must be an array');
  return value.map((entry: unknown, i) => {
    const price = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const where = `prices[${i}]`;
    if (typeof price.id !== 'string' || !/^price_[^\s/]+$/.test(price.id))
      throw new StandInError(400, `${where}.id must be a price id (price_…)`);
    if (!Number.isInteger(price.unitAmount) || (price.unitAmount as number) < 1)
      throw new StandInError(400, `${where}.unitAmount must be a positive integer (smallest currency unit)`);
    const currency = price.currency ?? 'usd';
    if (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency))
      throw new StandInError(400, `${where}.currency must be a currency code`);
    if (price.interval !== 'month' && price.interval !== 'year')
      throw new StandInError(400, `${where}.interval must be 'month' or 'year'`);
    if (typeof price.productName !== 'string' || price.productName === '')
      throw new StandInError(400, `${where}.productName is required`);
    return {
      id: price.id,
      unitAmount: price.unitAmount as number,
      currency: currency.toLowerCase(),
      interval: price.interval,
      productName: price.productName,
    };
  });
}

function productObject(name: string, created: number): Product {
  return {
    id: objectId('prod', 14),
    object: 'product',
    active: true,
    created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

function priceObject(registration: PriceRegistration, product: string, created: number): Price {
  return {
    id: registration.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: registration.currency ?? 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product,
    recurring: {
      interval: registration.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: registration.unitAmount,
    unit_amount_decimal: String(registration.unitAmount),
  };
}

/** The legacy Plan that Stripe still puts beside the Price on every subscription item. */
function planObject(price: Price): Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

const noCancellation = (): Stripe.Subscription.CancellationDetails => ({
  comment: null,
  feedback: null,
  feedback_option: null,
  reason: null,
});

export class StripeBilling {
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly portalSessions = new Map<string, PortalSession>();
  /** The account each customer, subscription, invoice and portal session belongs to. */
  private readonly owners = new Map<string, StripeAccount>();
  /** Prices and products by account: set-up, like the accounts, so reset() keeps them. */
  private readonly catalogs = new Map<StripeAccount, Catalog>();
  /** Periods each subscription has started since its billing_cycle_anchor: the next one is placed from the anchor. */
  private readonly cycles = new Map<string, number>();

  constructor(private readonly baseUrl: () => string) {}

  /** Replaces the account's prices; a product keeps its id while a price names it, as does a price its `created`. */
  setPrices(account: StripeAccount, registrations: readonly PriceRegistration[]): void {
    const old = this.catalogs.get(account);
    const catalog: Catalog = { prices: new Map(), products: new Map() };
    const created = nowSeconds();
    for (const registration of registrations) {
      const byName = (products?: Map<string, Product>) =>
        [...(products?.values() ?? [])].find((p) => p.name === registration.productName);
      const product = byName(catalog.products) ?? byName(old?.products) ?? productObject(registration.productName, created);
      catalog.products.set(product.id, product);
      const since = old?.prices.get(registration.id)?.created ?? created;
      catalog.prices.set(registration.id, priceObject(registration, product.id, since));
    }
    this.catalogs.set(account, catalog);
  }

  catalogPrice(account: StripeAccount, id: string): CatalogPrice | undefined {
    const catalog = this.catalogs.get(account);
    const price = catalog?.prices.get(id);
    const product = price && catalog?.products.get(price.product);
    return price && product ? { price, product } : undefined;
  }

  product(account: StripeAccount, id: string): Product | undefined {
    return this.catalogs.get(account)?.products.get(id);
  }

  /** The product name for a price a subscription holds, even after the account's prices were replaced. */
  productName(account: StripeAccount, price: Price): string {
    return this.product(account, price.product)?.name ?? price.product;
  }

  owner(id: string): StripeAccount | undefined {
    return this.owners.get(id);
  }

  /** The object if it exists and belongs to `account`: another account's ids do not exist for it. */
  owned<T>(objects: ReadonlyMap<string, T>, id: string, account: StripeAccount): T | undefined {
    return this.owners.get(id) === account ? objects.get(id) : undefined;
  }

  /** Newest first, like Stripe's lists. */
  ownedBy<T>(objects: ReadonlyMap<string, T>, account: StripeAccount): T[] {
    return [...objects]
      .filter(([id]) => this.owners.get(id) === account)
      .map(([, object]) => object)
      .reverse();
  }

  createCustomer(
    account: StripeAccount,
    fields: {
      email?: string | null;
      name?: string | null;
      description?: string | null;
      phone?: string | null;
      metadata?: Record<string, string>;
    },
  ): Customer {
    const customer: Customer = {
      id: objectId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      discount: null,
      email: fields.email ?? null,
      invoice_prefix: randomString(8, UPPER_ALPHANUMERIC),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: fields.metadata ?? {},
      name: fields.name ?? null,
      next_invoice_sequence: 1,
      phone: fields.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    this.owners.set(customer.id, account);
    return customer;
  }

  createPortalSession(
    account: StripeAccount,
    fields: {
      customer: string;
      returnUrl: string | null;
      configuration: string;
      locale: Stripe.BillingPortal.Session.Locale | null;
    },
  ): PortalSession {
    const id = objectId('bps', 24);
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: fields.configuration,
      created: nowSeconds(),
      customer: fields.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: fields.locale,
      on_behalf_of: null,
      return_url: fields.returnUrl,
      url: `${this.baseUrl()}/p/session/${id}`,
    };
    this.portalSessions.set(id, session);
    this.owners.set(id, account);
    return session;
  }

  /** What Checkout does once the first payment succeeds: an active subscription and its paid first invoice. */
  startSubscription(
    account: StripeAccount,
    {
      customer,
      price,
      quantity,
      metadata,
    }: { customer: Customer; price: Price; quantity: number; metadata: Record<string, string> },
  ): { subscription: Subscription; invoice: Invoice } {
    const now = nowSeconds();
    const id = objectId('sub', 24);
    const end = addInterval(now, price.recurring.interval, 1);
    const subscription: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: noCancellation(),
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [this.item(id, price, quantity, now, end)],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
    this.subscriptions.set(id, subscription);
    this.owners.set(id, account);
    this.cycles.set(id, 0);
    customer.currency = price.currency;
    // The first invoice's own period is the moment it was made; the period paid for is on its line.
    const invoice = this.invoice(account, subscription, 'subscription_create', { start: now, end: now });
    this.settle(invoice);
    subscription.latest_invoice = invoice.id;
    return { subscription, invoice };
  }

  /** The customer (portal) or the app (API) asks to stop at the period's end, or takes that back. */
  setCancelAtPeriodEnd(id: string, cancel: boolean, details: { comment?: string; feedback?: string } = {}): BillingChange[] {
    const subscription = this.live(id);
    const before = structuredClone(subscription);
    if (cancel) {
      Object.assign(subscription, {
        cancel_at_period_end: true,
        cancel_at: this.itemOf(subscription).current_period_end,
        // Stripe records when the cancellation was asked for; ended_at says when it took effect.
        canceled_at: subscription.cancel_at_period_end ? subscription.canceled_at : nowSeconds(),
        cancellation_details: { ...noCancellation(), ...details, reason: 'cancellation_requested' },
      } satisfies Partial<Subscription>);
    } else {
      Object.assign(subscription, {
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: noCancellation(),
      } satisfies Partial<Subscription>);
    }
    return this.updated(before, subscription);
  }

  /** The current period ends: the subscription renews (a paid invoice), or ends if it was set to cancel. */
  advance(id: string): BillingChange[] {
    const subscription = this.live(id);
    if (subscription.status !== 'active') {
      throw new StandInError(409, `Subscription ${id} is ${subscription.status}: pay or cancel its open invoice first`);
    }
    if (subscription.cancel_at_period_end) {
      const end = this.itemOf(subscription).current_period_end;
      Object.assign(subscription, { status: 'canceled', ended_at: end, canceled_at: subscription.canceled_at ?? end });
      return [{ type: 'customer.subscription.deleted', object: subscription }];
    }
    const before = structuredClone(subscription);
    const invoice = this.renew(subscription);
    this.settle(invoice);
    return [{ type: 'invoice.paid', object: invoice }, ...this.updated(before, subscription)];
  }

  /**
   * The renewal's payment fails: the new period starts with an open invoice and the subscription
   * goes past_due. Called again while past_due, the next retry fails too.
   */
  failPayment(id: string): BillingChange[] {
    const subscription = this.live(id);
    const open = this.openInvoice(subscription);
    if (subscription.status === 'past_due' && open) {
      open.attempt_count += 1;
      open.next_payment_attempt = nowSeconds() + RETRY_AFTER_SECONDS;
      return [{ type: 'invoice.payment_failed', object: open }];
    }
    if (subscription.status !== 'active') throw new StandInError(409, `Subscription ${id} is ${subscription.status}, not active`);
    if (subscription.cancel_at_period_end) {
      throw new StandInError(409, `Subscription ${id} is set to cancel at the period's end: it does not renew`);
    }
    const before = structuredClone(subscription);
    const invoice = this.renew(subscription);
    Object.assign(invoice, {
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: nowSeconds() + RETRY_AFTER_SECONDS,
    } satisfies Partial<Invoice>);
    subscription.status = 'past_due';
    return [{ type: 'invoice.payment_failed', object: invoice }, ...this.updated(before, subscription)];
  }

  /** A retry (or the customer's new card) pays the open invoice: the subscription is active again. */
  pay(id: string): BillingChange[] {
    const subscription = this.live(id);
    const open = this.openInvoice(subscription);
    if (subscription.status !== 'past_due' || !open) {
      throw new StandInError(409, `Subscription ${id} has no open invoice to pay; fail a payment first`);
    }
    const before = structuredClone(subscription);
    open.attempt_count += 1;
    this.settle(open);
    subscription.status = 'active';
    return [{ type: 'invoice.paid', object: open }, ...this.updated(before, subscription)];
  }

  /** Ends the subscription now: the retries ran out (past_due), or it was cancelled at once. */
  cancelNow(id: string, details: { comment?: string; feedback?: string } = {}): BillingChange[] {
    const subscription = this.live(id);
    const now = nowSeconds();
    const reason = subscription.status === 'past_due' ? 'payment_failed' : 'cancellation_requested';
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: { ...noCancellation(), ...details, reason },
    } satisfies Partial<Subscription>);
    const open = this.openInvoice(subscription);
    // Stripe stops collecting an ended subscription's invoices.
    if (open) open.next_payment_attempt = null;
    return [{ type: 'customer.subscription.deleted', object: subscription }];
  }

  /**
   * Moves the subscription to another price. Within the same interval the period stays (proration
   * is not modelled); to another interval a new period starts now with a paid invoice, as Stripe
   * resets the billing cycle then.
   */
  changePrice(id: string, price: Price, quantity?: number): BillingChange[] {
    const subscription = this.live(id);
    if (price.currency !== subscription.currency) {
      throw new StandInError(
        409,
        `Price ${price.id} is in ${price.currency}; subscription ${id} bills in ${subscription.currency}`,
      );
    }
    const before = structuredClone(subscription);
    const item = this.itemOf(subscription);
    const changes: BillingChange[] = [];
    Object.assign(item, { price: structuredClone(price), plan: planObject(price), quantity: quantity ?? item.quantity });
    if (price.recurring.interval !== before.items.data[0]!.price.recurring.interval) {
      const now = nowSeconds();
      Object.assign(item, { current_period_start: now, current_period_end: addInterval(now, price.recurring.interval, 1) });
      subscription.billing_cycle_anchor = now;
      this.cycles.set(id, 0);
      if (subscription.cancel_at_period_end) subscription.cancel_at = item.current_period_end;
      const invoice = this.invoice(this.owners.get(id)!, subscription, 'subscription_update', { start: now, end: now });
      this.settle(invoice);
      subscription.latest_invoice = invoice.id;
      changes.push({ type: 'invoice.paid', object: invoice });
    }
    return [...changes, ...this.updated(before, subscription)];
  }

  /** Forgets customers, subscriptions, invoices and portal sessions; prices stay. */
  reset(): void {
    for (const objects of [this.customers, this.subscriptions, this.invoices, this.portalSessions, this.owners, this.cycles]) {
      objects.clear();
    }
  }

  // ---- helpers -------------------------------------------------------------------------------

  private item(subscription: string, price: Price, quantity: number, start: number, end: number): SubscriptionItem {
    return {
      id: objectId('si', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planObject(price),
      price: structuredClone(price),
      quantity,
      subscription,
      tax_rates: [],
    };
  }

  private itemOf(subscription: Subscription): SubscriptionItem {
    return subscription.items.data[0]!;
  }

  /** A subscription that has not ended; an ended one takes no more changes. */
  private live(id: string): Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new StandInError(404, `No subscription ${id}`);
    if (subscription.status === 'canceled') throw new StandInError(409, `Subscription ${id} is canceled`);
    return subscription;
  }

  private openInvoice(subscription: Subscription): Invoice | undefined {
    const latest = subscription.latest_invoice ? this.invoices.get(subscription.latest_invoice) : undefined;
    return latest?.status === 'open' ? latest : undefined;
  }

  /** The next period starts where the last ended, with its (still unpaid) invoice. */
  private renew(subscription: Subscription): Invoice {
    const item = this.itemOf(subscription);
    const cycle = (this.cycles.get(subscription.id) ?? 0) + 1;
    this.cycles.set(subscription.id, cycle);
    const previous = { start: item.current_period_start, end: item.current_period_end };
    item.current_period_start = previous.end;
    item.current_period_end = addInterval(subscription.billing_cycle_anchor, item.price.recurring.interval, cycle + 1);
    // A renewal invoice's own period is the one that just ended; its line has the one it pays for.
    const invoice = this.invoice(this.owners.get(subscription.id)!, subscription, 'subscription_cycle', previous);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** customer.subscription.updated with what changed since `before`; none when nothing did. */
  updated(before: Subscription, subscription: Subscription): BillingChange[] {
    const previous = previousAttributes(before, subscription);
    if (Object.keys(previous).length === 0) return [];
    return [{ type: 'customer.subscription.updated', object: subscription, previousAttributes: previous }];
  }

  /** A finalized, open invoice for the subscription's current item and period. */
  private invoice(
    account: StripeAccount,
    subscription: Subscription,
    reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    period: { start: number; end: number },
  ): Invoice {
    const now = nowSeconds();
    const customer = this.customers.get(subscription.customer)!;
    const item = this.itemOf(subscription);
    const quantity = item.quantity ?? 1;
    const amount = (item.price.unit_amount ?? 0) * quantity;
    const id = objectId('in', 24);
    const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`;
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    const productName = this.productName(account, item.price);
    const line: InvoiceLineItem = {
      id: objectId('il', 24),
      object: 'line_item',
      amount,
      currency: subscription.currency,
      description: `${quantity} × ${productName} (at ${formatMinorUnits(item.price.unit_amount ?? 0, subscription.currency)} / ${item.price.recurring.interval})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: item.price.id, product: item.price.product },
        unit_amount_decimal: item.price.unit_amount_decimal,
      },
      quantity,
      quantity_decimal: String(quantity),
      subscription: subscription.id,
      subtotal: amount,
      taxes: [],
    };
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: account.businessName ?? null,
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amount,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${this.baseUrl()}/i/${id}`,
      invoice_pdf: null,
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      period_end: period.end,
      period_start: period.start,
      receipt_number: null,
      starting_balance: 0,
      status: 'open',
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      total: amount,
      total_excluding_tax: amount,
      webhooks_delivered_at: now,
    };
    this.invoices.set(id, invoice);
    this.owners.set(id, account);
    return invoice;
  }

  private settle(invoice: Invoice): void {
    Object.assign(invoice, {
      status: 'paid',
      attempted: true,
      attempt_count: Math.max(invoice.attempt_count, 1),
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: nowSeconds() },
    } satisfies Partial<Invoice>);
  }
}
