import { escapeHtml } from './http.js';
import { checkoutPage, formatMinorUnits } from './pages.js';
import { formatDate, type Invoice, type PortalSession, recurringAmount, type Subscription } from './stripe-billing.js';

/**
 * The Billing pages of the Stripe stand-in: the customer portal a portal session's `url` opens and
 * an invoice's `hosted_invoice_url`. Same plain markup as the checkout pages (one h1, a section
 * with a heading per subscription, real buttons in forms) so browser tests can use roles and names.
 */

export interface PortalEntry {
  subscription: Subscription;
  productName: string;
}

const portalPath = (session: PortalSession) => `/p/session/${encodeURIComponent(session.id)}`;

function subscriptionSection(session: PortalSession, { subscription, productName }: PortalEntry): string {
  const item = subscription.items.data[0]!;
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
  const headingId = `${subscription.id}-name`;
  const action = (verb: 'cancel' | 'renew') =>
    `${portalPath(session)}/subscriptions/${encodeURIComponent(subscription.id)}/${verb}`;
  const when = subscription.cancel_at_period_end
    ? `Cancels on ${formatDate(subscription.cancel_at ?? item.current_period_end)}`
    : `Renews on ${formatDate(item.current_period_end)}`;
  const button = subscription.cancel_at_period_end
    ? `<form method="post" action="${escapeHtml(action('renew'))}"><button class="primary" type="submit">Renew plan</button></form>`
    : `<form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit">Cancel plan</button></form>`;
  return `<section aria-labelledby="${escapeHtml(headingId)}">
<h2 id="${escapeHtml(headingId)}">${escapeHtml(productName)}${(item.quantity ?? 1) > 1 ? ` × ${item.quantity}` : ''}</h2>
<p>${escapeHtml(recurringAmount(amount, subscription.currency, item.price.recurring.interval))}</p>
<p>${escapeHtml(when)}</p>
${subscription.status === 'past_due' ? '<p role="status">The last payment failed. Stripe will try the card again.</p>\n' : ''}${button}
</section>`;
}

/** The customer portal: the customer's current subscriptions, each to cancel or renew, and the way back. */
export function portalPage({
  session,
  business,
  email,
  entries,
}: {
  session: PortalSession;
  business: string;
  email: string | null;
  entries: PortalEntry[];
}): string {
  const sections = entries.length
    ? entries.map((entry) => subscriptionSection(session, entry)).join('\n')
    : '<p>You have no current subscriptions.</p>';
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">Return to ${escapeHtml(business)}</a></p>`
    : '';
  return checkoutPage({
    title: `Manage billing – ${business} – Stripe test portal`,
    provider: 'Stripe',
    main: `<h1>Manage billing</h1>
${email ? `<p>Signed in as ${escapeHtml(email)}</p>\n` : ''}${sections}
${back}`,
  });
}

const invoiceStatus: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** An invoice's hosted page: what it was for and whether it is paid. */
export function invoicePage(invoice: Invoice): string {
  const line = invoice.lines.data[0];
  const period = line ? `${formatDate(line.period.start)} – ${formatDate(line.period.end)}` : '';
  const amount = formatMinorUnits(invoice.total, invoice.currency);
  return checkoutPage({
    title: `Invoice ${invoice.number ?? invoice.id} – Stripe test invoice`,
    provider: 'Stripe',
    main: `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<dl>
${line ? `<dt>Item</dt><dd>${escapeHtml(line.description ?? '')}</dd>\n<dt>Period</dt><dd>${escapeHtml(period)}</dd>\n` : ''}<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Status</dt><dd>${escapeHtml(invoiceStatus[invoice.status ?? ''] ?? String(invoice.status))}</dd>
</dl>`,
  });
}
