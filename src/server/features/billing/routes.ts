import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutRequestSchema } from '@/domain/billing';
import type { BillingDeps } from './apply.js';
import { billingOverview, openPortal, startCheckout } from './billing.js';
import { handleBillingWebhook } from './webhook.js';

const tags = ['billing'];

/** The workspace's plan and usage (everyone in it), and the ways to pay (owners: ROUTE_PERMISSIONS). */
export function billingRoutes(app: FastifyInstance, { billing: deps }: { billing: BillingDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/billing', { schema: { tags } }, (request) => billingOverview(deps, request.owner.workspaceId));
  api.post('/api/billing/checkout', { schema: { tags, body: checkoutRequestSchema } }, (request) =>
    startCheckout(deps, request.owner, request.body),
  );
  api.post('/api/billing/portal', { schema: { tags } }, (request) => openPortal(deps, request.owner.workspaceId));
}

/**
 * Stripe's events for Lodestone's own account, on the public origin like the payment webhooks:
 * its own plugin, so the raw-body parser (for the signature) applies to this route only.
 */
export async function billingWebhookRoutes(face: FastifyInstance, { billing: deps }: { billing: BillingDeps }) {
  await face.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    app.post<{ Body: Buffer }>('/webhooks/billing', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      try {
        const result = await handleBillingWebhook(
          deps,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.status(result.status).send(result.body);
      } catch (err) {
        // A 500 makes Stripe retry: the event is not lost.
        request.log.error({ err }, 'could not handle a billing webhook');
        return reply.status(500).send({ received: false, error: 'could not handle the event; please retry' });
      }
    });
  });
}
