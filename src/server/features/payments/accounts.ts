import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import type { FormConfig } from '@/domain/form-config';
import {
  maskSecret,
  providerNotConnectedMessage,
  PAYPAL_UNFINISHED_MESSAGE,
  PAYPAL_WEBHOOK_EVENTS,
  STRIPE_SETUP_INCOMPLETE,
  STRIPE_WEBHOOK_EVENTS,
  webhookPath,
  type PaymentSettings,
  type PaypalCredentials as PaypalInput,
  type Provider,
  type StripeCredentials as StripeInput,
} from '@/domain/payments';
import type { Db, Executor } from '@/server/db/client';
import { connectedAccounts, paymentAccounts } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import type { PaypalPartnerConfig, StripeConnectConfig } from '@/server/config';
import type { Sealer } from '@/server/lib/sealed';
import { paypalApi, type PaypalCredentials } from './paypal.js';
import { paypalMerchantRow, paypalPlatformSettings } from './paypal-partner.js';
import { checkStripeKey, stripeClient, type StripeCredentials } from './stripe.js';
import { connectionView, stripeConnection } from './stripe-connect.js';

export interface PaymentsDeps {
  db: Db;
  sealer: Sealer;
  publicOrigin: string;
  stripeApiUrl: URL;
  paypalApiUrl: URL | undefined;
  /** Where owners come back to after a provider's onboarding (APP_URL). */
  appOrigin: string;
  /** Set when this server is a Stripe Connect platform (STRIPE_CONNECT_*). */
  stripeConnect: StripeConnectConfig | undefined;
  /** Lodestone as a PayPal partner platform; unset: only pasted REST credentials (paypal-partner.ts). */
  paypalPartner?: PaypalPartnerConfig;
}

type Credentials = { stripe: StripeCredentials; paypal: PaypalCredentials };

/** A workspace's decrypted credentials for one provider, or undefined when it is not connected. */
export async function loadCredentials<P extends Provider>(
  deps: Pick<PaymentsDeps, 'sealer'>,
  db: Executor,
  workspaceId: string,
  provider: P,
): Promise<Credentials[P] | undefined> {
  const [row] = await db
    .select({ sealed: paymentAccounts.sealed })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.workspaceId, workspaceId), eq(paymentAccounts.provider, provider)));
  return row ? deps.sealer.open<Credentials[P]>(row.sealed) : undefined;
}

/**
 * The providers a workspace can take payments with: pasted credentials, or an account connected
 * through the platform, which wins: one that cannot take payments yet leaves the provider out.
 */
export async function connectedProviders(db: Executor, workspaceId: string): Promise<Set<Provider>> {
  const [pasted, platform] = await Promise.all([
    db.select({ provider: paymentAccounts.provider }).from(paymentAccounts).where(eq(paymentAccounts.workspaceId, workspaceId)),
    db
      .select({ provider: connectedAccounts.provider, chargesEnabled: connectedAccounts.chargesEnabled })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.workspaceId, workspaceId)),
  ]);
  const providers = new Set(pasted.map((r) => r.provider));
  for (const account of platform) {
    if (account.chargesEnabled) providers.add(account.provider);
    else providers.delete(account.provider);
  }
  return providers;
}

/**
 * Why a paid page cannot be published yet: a chosen provider is not connected, or the price is zero.
 * Empty for free pages. Keyed 'payment', as the creator shows it in its Payment tab.
 */
export async function paymentProblems(db: Executor, workspaceId: string, config: FormConfig): Promise<{ payment?: string }> {
  const { payment } = config;
  if (!payment.enabled) return {};
  if (payment.type === 'fixed' && payment.fixedAmount <= 0) return { payment: 'Enter a price above zero.' };
  const chosen: Provider[] = payment.provider === 'both' ? ['stripe', 'paypal'] : [payment.provider];
  const connected = await connectedProviders(db, workspaceId);
  const missing = chosen.filter((p) => !connected.has(p));
  if (missing.length === 0) return {};
  // Connected through the platform but not finished on the provider's side: say that, not "connect".
  const unfinished = {
    stripe: missing.includes('stripe') && (await stripeConnection(db, workspaceId)) !== undefined,
    paypal: missing.includes('paypal') && (await paypalMerchantRow(db, workspaceId)) !== undefined,
  };
  const notConnected = missing.filter((p) => !unfinished[p]);
  const messages = [
    ...(notConnected.length > 0 ? [providerNotConnectedMessage(notConnected)] : []),
    ...(unfinished.stripe ? [STRIPE_SETUP_INCOMPLETE] : []),
    ...(unfinished.paypal ? [PAYPAL_UNFINISHED_MESSAGE] : []),
  ];
  return { payment: messages.join(' ') };
}

export async function paymentSettings(deps: PaymentsDeps, workspaceId: string): Promise<PaymentSettings> {
  const rows = await deps.db.select().from(paymentAccounts).where(eq(paymentAccounts.workspaceId, workspaceId));
  const find = (provider: Provider) => rows.find((r) => r.provider === provider);
  const stripe = find('stripe');
  const paypal = find('paypal');
  const url = (provider: Provider) => `${deps.publicOrigin}${webhookPath(provider, workspaceId)}`;
  const account = await stripeConnection(deps.db, workspaceId);
  return {
    stripe: {
      platform: deps.stripeConnect !== undefined,
      account: account ? connectionView(account) : null,
      webhookUrl: url('stripe'),
      events: STRIPE_WEBHOOK_EVENTS,
      connection: stripe
        ? {
            secretKey: String(stripe.display.secretKey),
            webhookSecret: String(stripe.display.webhookSecret),
            livemode: stripe.display.livemode === true,
            connectedAt: stripe.connectedAt.toISOString(),
          }
        : null,
    },
    paypal: {
      webhookUrl: url('paypal'),
      events: PAYPAL_WEBHOOK_EVENTS,
      ...(await paypalPlatformSettings(deps, workspaceId)),
      connection: paypal
        ? {
            clientId: String(paypal.display.clientId),
            clientSecret: String(paypal.display.clientSecret),
            webhookId: String(paypal.display.webhookId),
            mode: paypal.display.mode === 'live' ? 'live' : 'sandbox',
            connectedAt: paypal.connectedAt.toISOString(),
          }
        : null,
    },
  };
}

async function store(
  deps: PaymentsDeps,
  workspaceId: string,
  provider: Provider,
  secret: unknown,
  display: Record<string, string | boolean>,
) {
  const values = { sealed: deps.sealer.seal(secret), display, connectedAt: new Date() };
  await deps.db
    .insert(paymentAccounts)
    .values({ workspaceId, provider, ...values })
    .onConflictDoUpdate({ target: [paymentAccounts.workspaceId, paymentAccounts.provider], set: values });
}

const rejected = (message: string, errors: Record<string, string>) =>
  new HttpError(422, ErrorCode.PROVIDER_REJECTED, message, errors);
const unavailable = (message: string) => new HttpError(502, ErrorCode.PROVIDER_UNAVAILABLE, message);

/** Saves Stripe keys after Stripe has accepted the secret key. */
export async function connectStripe(deps: PaymentsDeps, workspaceId: string, input: StripeInput) {
  const check = await checkStripeKey(stripeClient(input.secretKey, deps.stripeApiUrl), input.secretKey);
  if (!check.ok) {
    if (check.reason === 'unreachable') throw unavailable(check.message);
    throw rejected(check.message, { secretKey: check.message });
  }
  await store(deps, workspaceId, 'stripe', input, {
    secretKey: maskSecret(input.secretKey),
    webhookSecret: maskSecret(input.webhookSecret),
    livemode: check.livemode,
  });
}

/** Saves PayPal credentials after PayPal has issued a token for them and knows the webhook id. */
export async function connectPaypal(deps: PaymentsDeps, workspaceId: string, input: PaypalInput) {
  const check = await paypalApi(input, deps.paypalApiUrl).check();
  if (!check.ok) {
    if (!check.field) throw unavailable(check.message);
    const errors: Record<string, string> =
      check.field === 'clientSecret' ? { clientId: check.message, clientSecret: check.message } : { webhookId: check.message };
    throw rejected(check.message, errors);
  }
  await store(deps, workspaceId, 'paypal', input, {
    clientId: input.clientId,
    clientSecret: maskSecret(input.clientSecret),
    webhookId: input.webhookId,
    mode: input.mode,
  });
}

export async function disconnect(deps: PaymentsDeps, workspaceId: string, provider: Provider) {
  await deps.db
    .delete(paymentAccounts)
    .where(and(eq(paymentAccounts.workspaceId, workspaceId), eq(paymentAccounts.provider, provider)));
}
