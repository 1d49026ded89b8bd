import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listLeadsQuerySchema } from '@/domain/forms-api';
import { type PaymentSettings, paypalCredentialsSchema, stripeCredentialsSchema } from '@/domain/payments';
import { can, type Role } from '@/domain/team';
import { connectPaypal, connectStripe, disconnect, paymentSettings } from './accounts.js';
import type { CheckoutDeps } from './checkout.js';
import { connectMerchant, createReferral, disconnectMerchant, PAYPAL_RETURN_PATH } from './paypal-partner.js';
import { listPayments } from './ledger.js';
import { disconnectStripeAccount, refreshStripeAccount, startStripeOnboarding } from './stripe-connect.js';

const tags = ['payments'];

/** What a member who may not manage payment keys sees of them: that they are connected, not even their masked form. */
export const KEYS_HIDDEN = 'Hidden: only owners and admins see payment keys';

export function keysFor(role: Role, settings: PaymentSettings): PaymentSettings {
  if (can(role, 'managePayments')) return settings;
  const { stripe, paypal } = settings;
  return {
    stripe: {
      ...stripe,
      connection: stripe.connection && { ...stripe.connection, secretKey: KEYS_HIDDEN, webhookSecret: KEYS_HIDDEN },
    },
    paypal: {
      ...paypal,
      connection: paypal.connection && {
        ...paypal.connection,
        clientId: KEYS_HIDDEN,
        clientSecret: KEYS_HIDDEN,
        webhookId: KEYS_HIDDEN,
      },
    },
  };
}

/** The owner's payment settings and a form's payments (contract: src/domain/payments.ts), scoped to the caller's workspace. */
export function paymentsRoutes(app: FastifyInstance, { checkout: deps }: { checkout: CheckoutDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = (workspaceId: string) => paymentSettings(deps, workspaceId);

  api.get('/api/payments/settings', { schema: { tags } }, async (request) =>
    keysFor(request.owner.role, await settings(request.owner.workspaceId)),
  );

  api.put('/api/payments/stripe', { schema: { tags, body: stripeCredentialsSchema } }, async (request) => {
    await connectStripe(deps, request.owner.workspaceId, request.body);
    return settings(request.owner.workspaceId);
  });

  api.put('/api/payments/paypal', { schema: { tags, body: paypalCredentialsSchema } }, async (request) => {
    await connectPaypal(deps, request.owner.workspaceId, request.body);
    return settings(request.owner.workspaceId);
  });

  // "Connect PayPal" through the platform's partner onboarding (paypal-partner.ts).
  api.post('/api/payments/paypal/connect', { schema: { tags } }, async (request) =>
    createReferral(deps, request.owner.workspaceId),
  );

  api.delete('/api/payments/paypal/connect', { schema: { tags } }, async (request) => {
    await disconnectMerchant(deps.db, request.owner.workspaceId);
    return settings(request.owner.workspaceId);
  });

  // PayPal sends the owner's browser back here; it goes on to Payment settings, which says how it went.
  api.get<{ Querystring: Record<string, string | undefined> }>(
    PAYPAL_RETURN_PATH,
    { schema: { tags } },
    async (request, reply) => {
      const back = (query: string) => reply.status(303).header('location', `/settings/payments?${query}`).send();
      if (!can(request.owner.role, 'managePayments')) return back('paypal_error=role');
      const { merchantIdInPayPal, merchantId } = request.query;
      if (typeof merchantIdInPayPal !== 'string' || typeof merchantId !== 'string') return back('paypal_error=unknown');
      const outcome = await connectMerchant(deps, request.owner.workspaceId, {
        trackingId: merchantId,
        merchantId: merchantIdInPayPal,
      });
      return back(outcome.ok ? 'paypal=connected' : `paypal_error=${outcome.error}`);
    },
  );
  // Connect with Stripe (docs/decisions/0081): the onboarding link, the account read back after it, and disconnecting.
  api.post('/api/payments/stripe/connect', { schema: { tags } }, async (request) =>
    startStripeOnboarding(deps, request.owner.workspaceId, request.owner.email),
  );

  api.post('/api/payments/stripe/refresh', { schema: { tags } }, async (request) => {
    await refreshStripeAccount(deps, request.owner.workspaceId);
    return settings(request.owner.workspaceId);
  });

  api.delete('/api/payments/stripe/connect', { schema: { tags } }, async (request) => {
    await disconnectStripeAccount(deps.db, request.owner.workspaceId);
    return settings(request.owner.workspaceId);
  });

  for (const provider of ['stripe', 'paypal'] as const) {
    api.delete(`/api/payments/${provider}`, { schema: { tags } }, async (request) => {
      await disconnect(deps, request.owner.workspaceId, provider);
      return settings(request.owner.workspaceId);
    });
  }

  api.get(
    '/api/forms/:id/payments',
    { schema: { tags, params: idParamsSchema, querystring: listLeadsQuerySchema } },
    async (request) => listPayments(deps.db, request.owner.workspaceId, request.params.id, request.query.cursor),
  );
}
