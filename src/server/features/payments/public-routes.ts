import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STRIPE_CONNECT_WEBHOOK_PATH } from '@/domain/payments';
import { submissionPath } from '@/server/features/submissions';
import { askedLanguage, visitorWords } from '@/server/lib/visitor-words';
import { cancelCheckout, completePaypalReturn, type CheckoutDeps } from './checkout.js';
import { PAYPAL_PARTNER_WEBHOOK_PATH } from './paypal-partner.js';
import { handlePaypalPartnerWebhook, handlePaypalWebhook } from './paypal-webhooks.js';
import { handleStripeConnectWebhook, handleStripeWebhook, type WebhookAnswer } from './webhooks.js';

/**
 * What the providers and returning visitors reach on the public origin: the webhooks (raw bodies,
 * for the signatures) and the ways back from checkout. Registered as its own plugin so the raw
 * JSON parser applies to these routes only.
 */
export async function paymentsPublicRoutes(face: FastifyInstance, { checkout: deps }: { checkout: CheckoutDeps }) {
  await face.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    type Webhook = { Params: { workspaceId: string }; Body: Buffer };
    const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    const signature = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

    /** Any failure is a 500 (not the status of some API error inside): the provider retries, the event is not lost. */
    const answer = async (reply: FastifyReply, log: FastifyRequest['log'], handle: () => Promise<WebhookAnswer>) => {
      try {
        const result = await handle();
        return reply.status(result.status).send(result.body);
      } catch (err) {
        log.error({ err }, 'could not handle a payment webhook');
        return reply.status(500).send({ received: false, error: 'could not handle the event; please retry' });
      }
    };

    app.post<Webhook>('/webhooks/stripe/:workspaceId', async (request, reply) =>
      answer(reply, request.log, () =>
        handleStripeWebhook(
          deps,
          request.params.workspaceId,
          rawBody(request.body),
          signature(request.headers['stripe-signature']),
        ),
      ),
    );

    // The Connect platform's one endpoint: every connected account's events (STRIPE_CONNECT_WEBHOOK_SECRET).
    app.post<{ Body: Buffer }>(STRIPE_CONNECT_WEBHOOK_PATH, async (request, reply) =>
      answer(reply, request.log, () =>
        handleStripeConnectWebhook(deps, rawBody(request.body), signature(request.headers['stripe-signature'])),
      ),
    );

    app.post<Webhook>('/webhooks/paypal/:workspaceId', async (request, reply) =>
      answer(reply, request.log, () =>
        handlePaypalWebhook(deps, request.params.workspaceId, rawBody(request.body).toString('utf8'), request.headers, (err) =>
          request.log.error({ err }, 'could not verify a PayPal webhook'),
        ),
      ),
    );

    app.post<{ Body: Buffer }>(PAYPAL_PARTNER_WEBHOOK_PATH, async (request, reply) =>
      answer(reply, request.log, () =>
        handlePaypalPartnerWebhook(deps, rawBody(request.body).toString('utf8'), request.headers, (err) =>
          request.log.error({ err }, 'could not verify a PayPal platform webhook'),
        ),
      ),
    );

    // No page is known here: in the visitor's language.
    const notFound = (reply: FastifyReply) =>
      reply
        .status(404)
        .type('text/plain')
        .send(visitorWords(askedLanguage(reply.request))('pay.notFound'));
    // Payments made before submissions had pages of their own go back to the lead's page; an erased
    // person's payment (no lead, no submission) has no page left to go back to.
    const toThankYou = (reply: FastifyReply, back: { leadId: string | null; submissionId: string | null }) => {
      const location = back.submissionId
        ? submissionPath(deps.leads.tokens, back.submissionId)
        : back.leadId && `/thank-you?t=${deps.leads.tokens.sign('inbox', back.leadId)}`;
      return location ? reply.status(303).header('location', location).send() : notFound(reply);
    };

    app.get<{ Querystring: { p?: string } }>('/pay/cancel', async (request, reply) => {
      const cancelled = typeof request.query.p === 'string' ? await cancelCheckout(deps, request.query.p) : undefined;
      if (!cancelled) return notFound(reply);
      // Paid meanwhile (in another tab): the thank-you page has the file.
      if (cancelled.status === 'paid') return toThankYou(reply, cancelled);
      return reply.status(303).header('location', `/f/${cancelled.formId}?payment=cancelled`).send();
    });

    app.get<{ Querystring: { p?: string; token?: string } }>('/pay/paypal/return', async (request, reply) => {
      const { p, token } = request.query;
      if (typeof p !== 'string' || typeof token !== 'string') return notFound(reply);
      const back = await completePaypalReturn(deps, p, token, (err) =>
        request.log.error({ err }, 'could not capture a PayPal order'),
      );
      return back ? toThankYou(reply, back) : notFound(reply);
    });
  });
}
