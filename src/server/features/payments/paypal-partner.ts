import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import type { PaymentSettings, PaypalConnectError } from '@/domain/payments';
import type { PaypalPartnerConfig } from '@/server/config';
import type { Executor } from '@/server/db/client';
import { connectedAccounts } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import type { PaymentsDeps } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { paypalApi, type PaypalApi } from './paypal.js';

/**
 * Lodestone as a PayPal partner platform (docs/decisions/0082): an owner presses "Connect PayPal",
 * signs up or logs in on PayPal through a partner referral, and comes back with a merchant id.
 * Orders are then created with the platform's credentials for that merchant (`payee.merchant_id`),
 * and one platform webhook tells every merchant's events apart by their payee.
 */

/** Where PayPal sends every event of the platform's merchants (on the public origin). */
export const PAYPAL_PARTNER_WEBHOOK_PATH = '/webhooks/paypal-partner';
export const PAYPAL_RETURN_PATH = '/api/payments/paypal/return';

type PartnerDeps = Pick<CheckoutDeps, 'paypalPartner' | 'paypalApiUrl'>;

/** The SDK client with the platform's own credentials; undefined where the platform is not configured. */
export function partnerApi(deps: PartnerDeps): PaypalApi | undefined {
  const partner = deps.paypalPartner;
  if (!partner) return undefined;
  const { clientId, clientSecret, webhookId, mode } = partner;
  return paypalApi({ clientId, clientSecret, webhookId, mode }, deps.paypalApiUrl);
}

/**
 * The referral's tracking id: the workspace and an HMAC of it under SECRET. PayPal hands it back on
 * return and in the merchant's status, so a merchant can only be attached to the workspace whose
 * owner started the sign-up; another workspace's id, or an id with a forged MAC, does not verify.
 */
export function trackingIdOf(deps: Pick<CheckoutDeps, 'leads'>, workspaceId: string): string {
  return `${workspaceId}.${deps.leads.tokens.hashValue('paypal-tracking', workspaceId)}`;
}

export function workspaceOfTrackingId(deps: Pick<CheckoutDeps, 'leads'>, trackingId: string): string | null {
  const dot = trackingId.lastIndexOf('.');
  if (dot <= 0 || trackingId.length > 127) return null;
  const workspaceId = trackingId.slice(0, dot);
  return deps.leads.tokens.matches(trackingIdOf(deps, workspaceId), trackingId) ? workspaceId : null;
}

const MERCHANT_ID = /^[A-Z0-9]{8,20}$/;

/** Creates a partner referral for the workspace and answers its `action_url` (PayPal's sign-up). */
export async function createReferral(deps: CheckoutDeps, workspaceId: string): Promise<{ url: string }> {
  const api = partnerApi(deps);
  if (!api || !deps.appOrigin)
    throw new HttpError(404, ErrorCode.NOT_FOUND, 'Connecting PayPal is not available on this server.');
  const body = {
    tracking_id: trackingIdOf(deps, workspaceId),
    operations: [
      {
        operation: 'API_INTEGRATION',
        api_integration_preference: {
          rest_api_integration: {
            integration_method: 'PAYPAL',
            integration_type: 'THIRD_PARTY',
            third_party_details: { features: ['PAYMENT', 'REFUND'] },
          },
        },
      },
    ],
    products: ['EXPRESS_CHECKOUT'],
    legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
    partner_config_override: {
      return_url: `${deps.appOrigin}${PAYPAL_RETURN_PATH}`,
      return_url_description: 'Back to Lodestone',
    },
  };
  let result: Awaited<ReturnType<PaypalApi['rest']>>;
  try {
    result = await api.rest('POST', '/v2/customer/partner-referrals', JSON.stringify(body));
  } catch {
    throw unavailable();
  }
  const links = (result.json?.links ?? []) as { rel?: string; href?: string }[];
  const action = links.find((link) => link.rel === 'action_url')?.href;
  if (result.status !== 201 || !action) throw unavailable();
  return { url: action };
}

const unavailable = () =>
  new HttpError(502, ErrorCode.PROVIDER_UNAVAILABLE, 'PayPal could not be reached. Please try again in a moment.');

interface MerchantIntegration {
  merchant_id?: string;
  tracking_id?: string;
  payments_receivable?: boolean;
  primary_email_confirmed?: boolean;
  primary_email?: string;
  country?: string;
  oauth_integrations?: {
    integration_type?: string;
    oauth_third_party?: { partner_client_id?: string; merchant_client_id?: string; scopes?: string[] }[];
  }[];
}

/** PayPal's status of a merchant onboarded by the platform; undefined when PayPal does not know it. */
async function merchantIntegration(
  api: PaypalApi,
  partner: PaypalPartnerConfig,
  merchantId: string,
): Promise<MerchantIntegration | undefined> {
  const path = `/v1/customer/partners/${encodeURIComponent(partner.merchantId)}/merchant-integrations/${encodeURIComponent(merchantId)}`;
  const result = await api.rest('GET', path);
  if (result.status === 404) return undefined;
  if (result.status !== 200 || !result.json) throw new Error(`PayPal merchant-integrations answered ${result.status}`);
  return result.json as MerchantIntegration;
}

/** What connected_accounts keeps of a merchant's status. */
function accountState(partner: PaypalPartnerConfig, status: MerchantIntegration) {
  // The seller granted the platform its third-party permissions (PAYMENT, REFUND) on PayPal.
  const granted = (status.oauth_integrations ?? []).some(
    (integration) =>
      integration.integration_type === 'OAUTH_THIRD_PARTY' &&
      (integration.oauth_third_party ?? []).some((grant) => grant.partner_client_id === partner.clientId),
  );
  const display: Record<string, string | boolean> = { mode: partner.mode };
  if (status.primary_email) display.email = status.primary_email;
  if (status.country) display.country = status.country;
  return {
    chargesEnabled: status.payments_receivable === true && status.primary_email_confirmed === true && granted,
    detailsSubmitted: granted,
    display,
  };
}

export type ConnectOutcome = { ok: true } | { ok: false; error: PaypalConnectError };

/**
 * The owner came back from PayPal (or PayPal told the platform webhook): the merchant is attached
 * to the workspace only when the tracking id is this workspace's and PayPal's own status of the
 * merchant carries that same tracking id. The return URL's other parameters are not trusted.
 */
export async function connectMerchant(
  deps: CheckoutDeps,
  workspaceId: string,
  given: { trackingId: string; merchantId: string },
): Promise<ConnectOutcome> {
  const api = partnerApi(deps);
  const partner = deps.paypalPartner;
  if (!api || !partner) return { ok: false, error: 'unavailable' };
  if (workspaceOfTrackingId(deps, given.trackingId) !== workspaceId) return { ok: false, error: 'forged' };
  if (!MERCHANT_ID.test(given.merchantId)) return { ok: false, error: 'unknown' };
  let status: MerchantIntegration | undefined;
  try {
    status = await merchantIntegration(api, partner, given.merchantId);
  } catch {
    return { ok: false, error: 'unavailable' };
  }
  if (!status) return { ok: false, error: 'unknown' };
  if (status.tracking_id !== given.trackingId || (status.merchant_id && status.merchant_id !== given.merchantId)) {
    return { ok: false, error: 'mismatch' };
  }
  const state = accountState(partner, status);
  return deps.db.transaction(async (tx) => {
    // The owner's return and PayPal's onboarding webhook may arrive together: one at a time per merchant.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paypal-merchant:${given.merchantId}`}))`);
    const [holder] = await tx
      .select({ workspaceId: connectedAccounts.workspaceId })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.provider, 'paypal'), eq(connectedAccounts.accountId, given.merchantId)));
    if (holder && holder.workspaceId !== workspaceId) return { ok: false, error: 'taken' } as const;
    const now = new Date();
    await tx
      .insert(connectedAccounts)
      .values({ workspaceId, provider: 'paypal', accountId: given.merchantId, ...state, connectedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [connectedAccounts.workspaceId, connectedAccounts.provider],
        set: { accountId: given.merchantId, ...state, connectedAt: now, updatedAt: now },
      });
    return { ok: true } as const;
  });
}

/** Reads the merchant's status again (it may have confirmed its email since); leaves it as it was when PayPal cannot say. */
export async function refreshMerchant(deps: PaymentsDeps, workspaceId: string, merchantId: string): Promise<void> {
  const api = partnerApi(deps);
  const partner = deps.paypalPartner;
  if (!api || !partner) return;
  const status = await merchantIntegration(api, partner, merchantId);
  if (!status) return;
  await deps.db
    .update(connectedAccounts)
    .set({ ...accountState(partner, status), updatedAt: new Date() })
    .where(
      and(
        eq(connectedAccounts.workspaceId, workspaceId),
        eq(connectedAccounts.provider, 'paypal'),
        eq(connectedAccounts.accountId, merchantId),
      ),
    );
}

export async function paypalMerchantRow(db: Executor, workspaceId: string) {
  const [row] = await db
    .select()
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.provider, 'paypal')));
  return row;
}

/** Removes the connected merchant: new checkouts stop; its past orders and their payments stay. */
export async function disconnectMerchant(db: Executor, workspaceId: string) {
  await db
    .delete(connectedAccounts)
    .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.provider, 'paypal')));
}

/**
 * The platform part of the PayPal settings. While the merchant cannot take payments yet, its status
 * is read again on each look, so finishing on PayPal shows here without another button.
 */
export async function paypalPlatformSettings(
  deps: PaymentsDeps,
  workspaceId: string,
  log?: (err: unknown) => void,
): Promise<Pick<PaymentSettings['paypal'], 'platform' | 'merchant'>> {
  const platform = deps.paypalPartner !== undefined;
  let row = await paypalMerchantRow(deps.db, workspaceId);
  if (row && platform && !row.chargesEnabled) {
    try {
      await refreshMerchant(deps, workspaceId, row.accountId);
      row = await paypalMerchantRow(deps.db, workspaceId);
    } catch (err) {
      log?.(err);
    }
  }
  if (!row) return { platform, merchant: null };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    platform,
    merchant: {
      merchantId: row.accountId,
      email: text(row.display.email),
      country: text(row.display.country),
      canTakePayments: platform && row.chargesEnabled,
      connectedAt: row.connectedAt.toISOString(),
    },
  };
}
