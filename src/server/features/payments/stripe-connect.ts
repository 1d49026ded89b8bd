import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { ErrorCode } from '@/domain/api-errors';
import type { StripeConnection } from '@/domain/payments';
import type { Executor } from '@/server/db/client';
import { connectedAccounts, organizations } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import type { PaymentsDeps } from './accounts.js';
import { stripeClient } from './stripe.js';

/**
 * Stripe Connect (docs/decisions/0081): an owner's own Stripe account connected to Lodestone's
 * platform account. Lodestone holds no secret of the owner: every call is made with the platform's
 * key and the `Stripe-Account` header, and the platform's one Connect webhook names the account.
 */

type ConnectedRow = typeof connectedAccounts.$inferSelect;

/** The platform's client, or undefined where this server is not a Connect platform (self-hosted). */
export function platformClient(deps: Pick<PaymentsDeps, 'stripeConnect' | 'stripeApiUrl'>): Stripe | undefined {
  return deps.stripeConnect && stripeClient(deps.stripeConnect.secretKey, deps.stripeApiUrl);
}

export async function stripeConnection(db: Executor, workspaceId: string): Promise<ConnectedRow | undefined> {
  const [row] = await db
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.provider, 'stripe')));
  return row;
}

/** The workspace that a Connect event's `account` belongs to, if any. */
export async function workspaceOfStripeAccount(db: Executor, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: connectedAccounts.workspaceId })
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.provider, 'stripe'), eq(connectedAccounts.accountId, accountId)));
  return row?.workspaceId;
}

/** What a workspace's connected account can do, as the settings page and the checks say it. */
export function connectionView(row: ConnectedRow): StripeConnection {
  return {
    accountId: row.accountId,
    name: typeof row.display.name === 'string' ? row.display.name : null,
    email: typeof row.display.email === 'string' ? row.display.email : null,
    chargesEnabled: row.chargesEnabled,
    detailsSubmitted: row.detailsSubmitted,
    livemode: row.display.livemode === true,
    connectedAt: row.connectedAt.toISOString(),
  };
}

const notAPlatform = () =>
  new HttpError(
    409,
    ErrorCode.PROVIDER_REJECTED,
    'Connect with Stripe is not set up on this server. Use your own Stripe keys instead.',
  );
const unavailable = () =>
  new HttpError(502, ErrorCode.PROVIDER_UNAVAILABLE, 'Stripe could not be reached. Please try again in a moment.');

async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
      throw unavailable();
    }
    throw error;
  }
}

/** Where Stripe's onboarding sends the owner back: the app's payment settings. */
const settingsUrl = (deps: PaymentsDeps, state: 'returned' | 'refresh') => `${deps.appOrigin}/settings/payments?stripe=${state}`;

/**
 * "Connect with Stripe": the workspace's connected account (created on the first press, reused
 * after) and a fresh onboarding link to Stripe's own pages.
 */
export async function startStripeOnboarding(
  deps: PaymentsDeps,
  workspaceId: string,
  ownerEmail: string | undefined,
): Promise<{ url: string }> {
  const stripe = platformClient(deps);
  if (!stripe) throw notAPlatform();
  let row = await stripeConnection(deps.db, workspaceId);
  if (!row) {
    const account = await stripeCall(() =>
      stripe.accounts.create({
        type: 'standard',
        ...(ownerEmail && { email: ownerEmail }),
        metadata: { workspace_id: workspaceId },
      }),
    );
    const [inserted] = await deps.db
      .insert(connectedAccounts)
      .values({ workspaceId, provider: 'stripe', accountId: account.id, ...accountState(account) })
      .onConflictDoNothing({ target: [connectedAccounts.workspaceId, connectedAccounts.provider] })
      .returning();
    // Two presses at once: the first account stored is the workspace's.
    row = inserted ?? (await stripeConnection(deps.db, workspaceId))!;
  }
  const link = await stripeCall(() =>
    stripe.accountLinks.create({
      account: row.accountId,
      type: 'account_onboarding',
      refresh_url: settingsUrl(deps, 'refresh'),
      return_url: settingsUrl(deps, 'returned'),
    }),
  );
  return { url: link.url };
}

/** What Lodestone keeps of a Stripe account: whether it can take charges, and how to name it. */
function accountState(account: Stripe.Account) {
  const name = account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null;
  const display: Record<string, string | boolean> = { livemode: false };
  if (name) display.name = name;
  if (account.email) display.email = account.email;
  if (account.country) display.country = account.country;
  return {
    chargesEnabled: account.charges_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    display,
  };
}

/**
 * Reads the account back from Stripe (after onboarding, and on each account.updated: the current
 * state, so events arriving out of order cannot leave an older one).
 */
export async function refreshStripeAccount(deps: PaymentsDeps, workspaceId: string): Promise<ConnectedRow | undefined> {
  const stripe = platformClient(deps);
  const row = await stripeConnection(deps.db, workspaceId);
  if (!stripe || !row) return row;
  const account = await stripeCall(() => stripe.accounts.retrieve(row.accountId));
  const [updated] = await deps.db
    .update(connectedAccounts)
    .set({ ...accountState(account), updatedAt: new Date() })
    .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.accountId, row.accountId)))
    .returning();
  return updated;
}

/**
 * Disconnecting: the workspace stops taking payments through the account at once. The account
 * itself stays the owner's at Stripe, with its history; Lodestone's past orders stay too.
 */
export async function disconnectStripeAccount(db: Executor, workspaceId: string, accountId?: string): Promise<boolean> {
  const removed = await db
    .delete(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.workspaceId, workspaceId),
        eq(connectedAccounts.provider, 'stripe'),
        accountId ? eq(connectedAccounts.accountId, accountId) : undefined,
      ),
    )
    .returning({ accountId: connectedAccounts.accountId });
  return removed.length > 0;
}

/** The platform's fee on a payment of `amount` for this workspace's plan, in minor units (0: none). */
export async function applicationFee(deps: PaymentsDeps, db: Executor, workspaceId: string, amount: number): Promise<number> {
  if (!deps.stripeConnect) return 0;
  const [org] = await db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  const percent = deps.stripeConnect.feePercent[org?.plan ?? 'free'];
  return percent > 0 ? Math.round((amount * percent) / 100) : 0;
}
