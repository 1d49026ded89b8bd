import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, listLeadsQuerySchema } from '../../../domain/forms-api.js';
import { paypalCredentialsSchema, stripeCredentialsSchema } from '../../../domain/payments.js';
import { connectPaypal, connectStripe, disconnect, paymentSettings, type PaymentsDeps } from './accounts.js';
import { listPayments } from './ledger.js';

const tags = ['payments'];

/** The owner's payment settings and a form's payments (contract: src/domain/payments.ts), scoped to the caller's workspace. */
export function paymentsRoutes(app: FastifyInstance, deps: PaymentsDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = (workspaceId: string) => paymentSettings(deps, workspaceId);

  api.get('/api/payments/settings', { schema: { tags } }, async (request) => settings(request.owner.workspaceId));

  api.put('/api/payments/stripe', { schema: { tags, body: stripeCredentialsSchema } }, async (request) => {
    await connectStripe(deps, request.owner.workspaceId, request.body);
    return settings(request.owner.workspaceId);
  });

  api.put('/api/payments/paypal', { schema: { tags, body: paypalCredentialsSchema } }, async (request) => {
    await connectPaypal(deps, request.owner.workspaceId, request.body);
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
