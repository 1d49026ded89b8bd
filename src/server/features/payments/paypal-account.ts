import { loadCredentials } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { paypalApi, type PaypalApi } from './paypal.js';
import { partnerApi, paypalMerchantRow } from './paypal-partner.js';

/**
 * Who takes a PayPal payment for the workspace: its connected merchant through the platform (which
 * wins over pasted credentials), or its own REST app. `null` when the connected merchant cannot take
 * payments: no checkout then, even with pasted credentials, as the owner chose the connected way.
 */
export async function paypalCheckoutAccount(
  deps: CheckoutDeps,
  workspaceId: string,
): Promise<{ api: PaypalApi; accountId: string | null; attributionId?: string } | null> {
  const platform = partnerApi(deps);
  if (platform) {
    const row = await paypalMerchantRow(deps.db, workspaceId);
    if (row) {
      return row.chargesEnabled ? { api: platform, accountId: row.accountId, attributionId: deps.paypalPartner?.bnCode } : null;
    }
  }
  const credentials = await loadCredentials(deps, deps.db, workspaceId, 'paypal');
  return credentials ? { api: paypalApi(credentials, deps.paypalApiUrl), accountId: null } : null;
}

/** The client that captures a payment's order: the platform's for a merchant's order, the workspace's own otherwise. */
export async function paypalApiForPayment(
  deps: CheckoutDeps,
  payment: { workspaceId: string; accountId: string | null },
): Promise<PaypalApi | undefined> {
  if (payment.accountId) return partnerApi(deps);
  const credentials = await loadCredentials(deps, deps.db, payment.workspaceId, 'paypal');
  return credentials && paypalApi(credentials, deps.paypalApiUrl);
}
