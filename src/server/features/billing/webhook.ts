import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '@/server/db/client';
import { billingEvents, billingSubscriptions, organizations } from '@/server/db/schema/index';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS, stripeClient } from '@/server/features/payments/index';
import { applyState, lockBilling, tellPaymentFailed, type BillingDeps } from './apply.js';
import { isLive, stateOf } from './subscription.js';

export interface BillingWebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; ignored?: boolean; error?: string };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The subscription and customer an event is about; null for events billing does not follow. */
function subjectOf(event: Stripe.Event): { subscriptionId: string; customerId: string | null; workspaceId?: string } | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        workspaceId: subscription.metadata.workspace_id,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return subscriptionId ? { subscriptionId, customerId: idOf(invoice.customer) } : null;
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      return subscriptionId
        ? { subscriptionId, customerId: idOf(session.customer), workspaceId: session.client_reference_id ?? undefined }
        : null;
    }
    default:
      return null;
  }
}

/** The workspace a customer belongs to: ours by the row made at checkout, or by the metadata we gave Stripe. */
async function workspaceOf(tx: Executor, customerId: string | null, workspaceId: string | undefined) {
  if (customerId) {
    const [row] = await tx
      .select({ workspaceId: billingSubscriptions.workspaceId })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.customerId, customerId));
    if (row) return row.workspaceId;
  }
  if (!workspaceId || !customerId) return undefined;
  const [workspace] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, workspaceId));
  if (!workspace) return undefined;
  await tx.insert(billingSubscriptions).values({ workspaceId, customerId }).onConflictDoNothing();
  return workspaceId;
}

/**
 * An event from Lodestone's own Stripe account. The signature is checked on the exact bytes. The
 * event only says which subscription changed: its state is read from Stripe, under the workspace's
 * billing lock, so events that arrive late or out of order apply the latest state, never an older
 * one. Each event is applied once (billing_events), in the transaction that applies it.
 */
export async function handleBillingWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<BillingWebhookAnswer> {
  const billing = deps.billing;
  if (!billing) return { status: 404, body: { received: false, error: 'billing is not configured' } };
  const stripe = stripeClient(billing.secretKey, deps.stripeApiUrl);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return { status: 400, body: { received: false, error: 'invalid signature' } };
  }
  const subject = subjectOf(event);
  const now = new Date();

  return deps.db.transaction(async (tx) => {
    const workspaceId = subject ? await workspaceOf(tx, subject.customerId, subject.workspaceId) : undefined;
    const row = workspaceId ? await lockBilling(tx, workspaceId) : undefined;
    const inserted = await tx
      .insert(billingEvents)
      .values({ eventId: event.id, type: event.type, workspaceId })
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    if (inserted.length === 0) return { status: 200, body: { received: true, duplicate: true } };
    if (!subject || !row) return { status: 200, body: { received: true, ignored: true } };

    const subscription = await stripe.subscriptions.retrieve(subject.subscriptionId);
    const state = stateOf(billing.prices, subscription, row.paymentFailedAt, now);
    // A late event about an earlier subscription does not undo the one that stands now.
    if (row.subscriptionId && row.subscriptionId !== state.subscriptionId && isLive(row.status) && !isLive(state.status))
      return { status: 200, body: { received: true, ignored: true } };
    await applyState(deps, tx, row, state, now);
    if (event.type === 'invoice.payment_failed') await tellPaymentFailed(deps, tx, row.workspaceId, state);
    return { status: 200, body: { received: true } };
  });
}
