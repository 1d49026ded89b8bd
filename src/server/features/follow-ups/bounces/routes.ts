import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { applyMailEvents, type MailProvider } from './apply.js';
import { mailgunEvents, sendgridEvents, type MailEvent } from './events.js';
import { mailgunSignatureValid, SENDGRID_SIGNATURE, SENDGRID_TIMESTAMP, sendgridVerifier } from './verify.js';

export const SENDGRID_WEBHOOK_PATH = '/webhooks/mail/sendgrid';
export const MAILGUN_WEBHOOK_PATH = '/webhooks/mail/mailgun';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function parsed(raw: Buffer): { ok: true; body: unknown } | { ok: false } {
  try {
    return { ok: true, body: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/**
 * The mail providers' bounce and complaint webhooks (docs/decisions/0090), on the public origin like
 * the payment webhooks: each exists only when its key is configured (else the path is a 404), reads
 * the raw body for the signature, and answers 401 to a request it cannot verify, changing nothing.
 * A failure is a 500, so the provider sends the events again.
 */
export async function mailWebhookRoutes(face: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const { sendgridWebhookPublicKey, mailgunWebhookSigningKey, secret } = config;
  if (!sendgridWebhookPublicKey && !mailgunWebhookSigningKey) return;
  await face.register(async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    const apply = async (reply: FastifyReply, log: FastifyRequest['log'], provider: MailProvider, events: MailEvent[]) => {
      try {
        await applyMailEvents(db, secret, provider, events);
        return reply.status(200).send({ received: true });
      } catch (err) {
        log.error({ err }, `could not handle a ${provider} mail webhook`);
        return reply.status(500).send({ received: false, error: 'could not handle the events; please retry' });
      }
    };
    const refused = (reply: FastifyReply) => reply.status(401).send({ received: false, error: 'signature not valid' });
    const unreadable = (reply: FastifyReply) => reply.status(400).send({ received: false, error: 'body is not JSON' });

    if (sendgridWebhookPublicKey) {
      const verified = sendgridVerifier(sendgridWebhookPublicKey);
      app.post<{ Body: Buffer }>(SENDGRID_WEBHOOK_PATH, async (request, reply) => {
        const raw = rawBody(request.body);
        if (!verified(raw, header(request, SENDGRID_SIGNATURE), header(request, SENDGRID_TIMESTAMP))) return refused(reply);
        const body = parsed(raw);
        if (!body.ok) return unreadable(reply);
        return apply(reply, request.log, 'sendgrid', sendgridEvents(body.body));
      });
    }

    if (mailgunWebhookSigningKey) {
      app.post<{ Body: Buffer }>(MAILGUN_WEBHOOK_PATH, async (request, reply) => {
        // Mailgun signs inside the body: what is read before the check only finds the signature.
        const body = parsed(rawBody(request.body));
        const signature =
          body.ok && body.body !== null && typeof body.body === 'object'
            ? (body.body as { signature?: unknown }).signature
            : null;
        if (!mailgunSignatureValid(mailgunWebhookSigningKey, signature)) return refused(reply);
        return apply(reply, request.log, 'mailgun', mailgunEvents(body.ok ? body.body : null));
      });
    }
  });
}
