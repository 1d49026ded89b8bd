import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FormConfig } from '@/domain/form-config';
import { decimalAmount, formatMoney } from '@/domain/money';
import type { Provider } from '@/domain/payments';
import { payments } from '@/server/db/schema/index';
import { submissionPath, type LeadDeps } from '@/server/features/submissions';
import { pageWords } from '@/server/lib/visitor-words';
import { loadCredentials, type PaymentsDeps } from './accounts.js';
import { lockPayment, markFailed } from './fulfil.js';
import type { PaypalApi } from './paypal.js';
import { paypalApiForPayment, paypalCheckoutAccount } from './paypal-account.js';
import { markPaypalPaid } from './paypal-webhooks.js';
import { createStripeCheckout, stripeClient } from './stripe.js';
import { applicationFee, platformClient, stripeConnection } from './stripe-connect.js';

export interface CheckoutDeps extends PaymentsDeps {
  leads: LeadDeps;
}

/**
 * Where a paid page's form may lead (its CSP form-action): the providers' hosted checkouts, which
 * the 303 after a submission redirects to. With a stand-in API, its own origin serves checkout too.
 */
export function checkoutOrigins({ stripeApiUrl, paypalApiUrl }: Pick<PaymentsDeps, 'stripeApiUrl' | 'paypalApiUrl'>): string[] {
  const stripe = stripeApiUrl.hostname === 'api.stripe.com' ? 'https://checkout.stripe.com' : stripeApiUrl.origin;
  const paypal = paypalApiUrl ? [paypalApiUrl.origin] : ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];
  return [...new Set([stripe, ...paypal])];
}

export type StartResult = { url: string } | { error: 'unavailable' | 'provider' };

/**
 * Sends a lead to pay: a payment row first (so every attempt is on record), then the provider's
 * checkout, whose id is stored so its events can be matched. The payment id is the idempotency
 * key of the provider call: a retried request cannot open a second checkout.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  request: {
    formId: string;
    workspaceId: string;
    config: FormConfig;
    leadId: string;
    /** The submission going to pay: only its thank-you page unlocks with this payment. */
    submissionId: string;
    email: string;
    amount: number;
    provider: Provider;
  },
  log: (err: unknown) => void,
): Promise<StartResult> {
  const { config, provider } = request;
  const currency = config.payment.currency;
  const account = await connectedAccount(deps, request.workspaceId, provider);
  if (!account) return { error: 'unavailable' };

  const paymentId = randomUUID();
  const stripeAccount = account.provider === 'stripe' ? account.stripeAccount : undefined;
  const fee = stripeAccount ? await applicationFee(deps, deps.db, request.workspaceId, request.amount) : 0;
  await deps.db.insert(payments).values({
    id: paymentId,
    leadId: request.leadId,
    submissionId: request.submissionId,
    formId: request.formId,
    workspaceId: request.workspaceId,
    provider,
    amount: request.amount,
    currency,
    status: 'pending',
    accountId: account.provider === 'paypal' ? account.credentials.accountId : (stripeAccount ?? null),
    feeAmount: stripeAccount ? fee : null,
  });
  const { publicOrigin, tokens } = deps.leads;
  const back = tokens.sign('payment', paymentId);
  // What the buyer reads on the provider's page, and the page itself, in the page's language.
  const t = pageWords(config);
  const productName = config.leadMagnetName.trim() || config.title.trim() || t('checkout.productNameFallback');
  try {
    const checkout =
      account.provider === 'stripe'
        ? await createStripeCheckout(account.client, {
            paymentId,
            leadId: request.leadId,
            amount: request.amount,
            currency,
            productName,
            email: request.email,
            successUrl: `${publicOrigin}${submissionPath(tokens, request.submissionId)}`,
            cancelUrl: `${publicOrigin}/pay/cancel?p=${back}`,
            tax: config.payment.tax,
            promotionCodes: config.payment.promotionCodes,
            stripeAccount,
            applicationFee: fee,
            language: t.language,
          })
        : await account.credentials.api.createOrder({
            paymentId,
            payeeMerchantId: account.credentials.accountId ?? undefined,
            attributionId: account.credentials.attributionId,
            amount: request.amount,
            currency,
            description: t('checkout.paypal.description', {
              productName,
              price: formatMoney(request.amount, currency, t.language),
            }),
            brandName: config.businessName,
            returnUrl: `${publicOrigin}/pay/paypal/return?p=${back}`,
            cancelUrl: `${publicOrigin}/pay/cancel?p=${back}`,
            language: t.language,
          });
    await deps.db.update(payments).set({ checkoutId: checkout.checkoutId }).where(eq(payments.id, paymentId));
    return { url: checkout.url };
  } catch (err) {
    log(err);
    await deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: 'provider_error' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    return { error: 'provider' };
  }
}

/**
 * How to reach the workspace's `provider`, tagged with it so each branch gets its own kind. For
 * Stripe, an account connected through the platform wins over pasted keys; it opens checkouts only
 * while Stripe lets it take charges.
 */
async function connectedAccount(deps: CheckoutDeps, workspaceId: string, provider: Provider) {
  if (provider === 'stripe') {
    const connected = await stripeConnection(deps.db, workspaceId);
    if (connected) {
      const platform = platformClient(deps);
      if (!platform || !connected.chargesEnabled) return undefined;
      return { provider, client: platform, stripeAccount: connected.accountId as string | undefined };
    }
    const credentials = await loadCredentials(deps, deps.db, workspaceId, 'stripe');
    return (
      credentials && {
        provider,
        client: stripeClient(credentials.secretKey, deps.stripeApiUrl),
        stripeAccount: undefined as string | undefined,
      }
    );
  }
  const credentials = await paypalCheckoutAccount(deps, workspaceId);
  return credentials && { provider, credentials };
}

/** The visitor left the provider's checkout without paying. */
export async function cancelCheckout(deps: CheckoutDeps, paymentToken: string) {
  const paymentId = deps.leads.tokens.verify('payment', paymentToken);
  if (!paymentId) return undefined;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row) return undefined;
    await markFailed(tx, row, 'cancelled');
    return { ...backTo(row), status: row.status === 'pending' ? ('failed' as const) : row.status };
  });
}

/**
 * The visitor approved a PayPal order and came back: capture it now. PayPal's answer to the
 * capture is the confirmation (a webhook may confirm it again; that changes nothing). A capture
 * PayPal holds as PENDING stays pending until its webhook.
 */
export async function completePaypalReturn(
  deps: CheckoutDeps,
  paymentToken: string,
  orderId: string,
  log: (err: unknown) => void,
) {
  const paymentId = deps.leads.tokens.verify('payment', paymentToken);
  if (!paymentId) return undefined;
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || row.provider !== 'paypal' || row.checkoutId !== orderId) return undefined;
  if (row.status !== 'pending') return backTo(row);
  const api = await paypalApiForPayment(deps, row);
  if (!api) return backTo(row);

  let outcome: Awaited<ReturnType<PaypalApi['captureOrder']>>;
  try {
    outcome = await api.captureOrder(orderId, row.id);
  } catch (err) {
    // Unknown outcome (PayPal unreachable): leave it pending; the webhook or a reload settles it.
    log(err);
    return backTo(row);
  }
  await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id: row.id }, row.workspaceId);
    if (!payment) return;
    if ('declined' in outcome) return void (await markFailed(tx, payment, 'declined'));
    if ('notApproved' in outcome) return;
    const unit = outcome.order.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id || !capture.amount) return;
    // A merchant's order is paid to that merchant, or it is not this payment's.
    if (payment.accountId && unit?.payee?.merchantId !== payment.accountId) return;
    const matches =
      capture.amount.currencyCode === payment.currency &&
      capture.amount.value === decimalAmount(payment.amount, payment.currency);
    if (!matches) return void (await markFailed(tx, payment, 'amount_mismatch'));
    if (capture.status === 'COMPLETED') await markPaypalPaid(deps, tx, payment, capture.id);
    else if (capture.status === 'DECLINED' || capture.status === 'FAILED') await markFailed(tx, payment, 'declined');
    else await tx.update(payments).set({ chargeId: capture.id }).where(eq(payments.id, payment.id));
  });
  return backTo(row);
}

/** Where a visitor coming back from the provider belongs: the page of the submission that went to pay. */
function backTo(row: typeof payments.$inferSelect) {
  return { formId: row.formId, leadId: row.leadId, submissionId: row.submissionId };
}
