import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { listLeadsQuerySchema } from '../../../domain/forms-api.js';
import { paypalCredentialsSchema, stripeCredentialsSchema } from '../../../domain/payments.js';
import { parseInput } from '../../lib/validate.js';
import { connectPaypal, connectStripe, disconnect, paymentSettings, type PaymentsDeps } from './accounts.js';
import { listPayments } from './ledger.js';

/** The owner's payment settings and a form's payments (contract: src/domain/payments.ts), scoped to the caller's workspace. */
export function paymentsRoutes(app: FastifyInstance, deps: PaymentsDeps, owner: preHandlerHookHandler) {
  const opts = { preHandler: owner };
  const settings = (workspaceId: string) => paymentSettings(deps, workspaceId);

  app.get('/api/payments/settings', opts, async (request) => settings(request.owner.workspaceId));

  app.put('/api/payments/stripe', opts, async (request) => {
    await connectStripe(deps, request.owner.workspaceId, parseInput(stripeCredentialsSchema, request.body));
    return settings(request.owner.workspaceId);
  });

  app.put('/api/payments/paypal', opts, async (request) => {
    await connectPaypal(deps, request.owner.workspaceId, parseInput(paypalCredentialsSchema, request.body));
    return settings(request.owner.workspaceId);
  });

  for (const provider of ['stripe', 'paypal'] as const) {
    app.delete(`/api/payments/${provider}`, opts, async (request) => {
      await disconnect(deps, request.owner.workspaceId, provider);
      return settings(request.owner.workspaceId);
    });
  }

  app.get<{ Params: { id: string } }>('/api/forms/:id/payments', opts, async (request) => {
    const { cursor } = parseInput(listLeadsQuerySchema, request.query);
    return listPayments(deps.db, request.owner.workspaceId, request.params.id, cursor);
  });
}
