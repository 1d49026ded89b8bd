import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageRemoved, type PublicPages, publicNotFound as notFound, tooManyAttempts } from '@/server/features/public-pages/index';
import { type LeadDeps, links, submissionPath } from '@/server/features/submissions';
import {
  clientMeta,
  damagedLink,
  submissionThankYou,
  inboxThankYou,
  type VisitorLimits,
} from '@/server/features/visitor-journey/index';
import { confirmLink, renewConfirmation } from './confirm-link.js';
import { resendCode } from './resend-code.js';
import { verifyCode } from './verify-code.js';

// Double opt-in on the public face: the code typed on the thank-you page (and a new one), and the
// confirmation link from the email (and a new one when it has expired).

type OptInServices = LeadDeps & { visitorLimits: VisitorLimits; publicPages: PublicPages };

export function doubleOptInRoutes(app: FastifyInstance, services: OptInServices) {
  const { db, tokens, publicOrigin, appOrigin, visitorLimits: limits } = services;
  const { render } = services.publicPages;
  const deps: LeadDeps = { db, tokens, publicOrigin, appOrigin };

  const submissionFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('submission', token) : null);
  const backToPage = (reply: FastifyReply, submissionId: string, notice?: string) =>
    reply
      .status(303)
      .header('location', `${submissionPath(tokens, submissionId)}${notice ? `&n=${notice}` : ''}`)
      .send();

  /** 429 on the visitor's own page, saying how long to wait. */
  async function tooManyOnPage(reply: FastifyReply, submissionId: string, seconds: number, what = 'and try again') {
    const view = await submissionThankYou(deps, submissionId);
    if (!view) return notFound(reply);
    reply.header('retry-after', String(seconds));
    return render(reply, 429, {
      kind: 'thankYou',
      view,
      notice: { tone: 'error', text: `Please wait ${seconds} seconds ${what}.` },
    });
  }

  app.post<{ Body: Record<string, unknown> }>('/thank-you/verify', async (request, reply) => {
    const submissionId = submissionFrom(request.body?.t);
    if (!submissionId) return notFound(reply);
    const wait = await limits.verify(request.ip);
    if (wait) return tooManyOnPage(reply, submissionId, wait);
    const result = await verifyCode(deps, submissionId, String(request.body.code ?? '').trim(), clientMeta(request));
    if (result === 'unknown') return notFound(reply);
    return backToPage(reply, submissionId, result === 'unpaid' ? undefined : result);
  });

  app.post<{ Body: Record<string, unknown> }>('/thank-you/resend', async (request, reply) => {
    const submissionId = submissionFrom(request.body?.t);
    if (!submissionId) return notFound(reply);
    const wait = await limits.resend(request.ip);
    if (wait) return tooManyOnPage(reply, submissionId, wait);
    const outcome = await resendCode(deps, submissionId);
    if (outcome.kind === 'unknown') return notFound(reply);
    if (outcome.kind === 'wait') return tooManyOnPage(reply, submissionId, outcome.seconds, 'before asking for a new code');
    return backToPage(reply, submissionId, outcome.kind === 'sent' ? 'sent' : undefined);
  });

  app.get<{ Querystring: { t?: string } }>('/confirm', async (request, reply) => {
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    const outcome = await confirmLink(deps, token, clientMeta(request));
    if (outcome.kind === 'unknown') return damagedLink(render, db, request, reply, 'confirmation link', token);
    if (outcome.kind === 'gone') return pageRemoved(render, reply);
    if (outcome.kind === 'expired') {
      return render(reply, 410, {
        kind: 'notice',
        title: 'This confirmation link has expired',
        text: `Confirmation links work for 24 hours. We can send a new one to ${outcome.email}.`,
        action: { url: '/confirm/renew', fields: { t: token }, label: 'Send me a new link' },
      });
    }
    if (outcome.kind === 'confirmed') {
      const view = await inboxThankYou(deps, outcome.leadId);
      if (view?.state === 'verified' && view.redirectTo) return reply.status(303).header('location', view.redirectTo).send();
    }
    const inbox = new URL(links(deps, outcome.leadId).inbox);
    return reply
      .status(303)
      .header('location', `${inbox.pathname}${inbox.search}&n=${outcome.kind === 'already' ? 'confirmed-before' : 'confirmed'}`)
      .send();
  });

  app.post<{ Body: Record<string, unknown> }>('/confirm/renew', async (request, reply) => {
    const token = typeof request.body?.t === 'string' ? request.body.t : '';
    const wait = await limits.resend(request.ip);
    if (wait) return tooManyAttempts(render, reply, wait);
    const outcome = await renewConfirmation(deps, token);
    if (outcome.kind === 'unknown') return notFound(reply);
    const text =
      outcome.kind === 'already'
        ? `${outcome.email} is already confirmed. Your download link is in the email we sent you.`
        : outcome.kind === 'sent'
          ? `We sent a new code and confirmation link to ${outcome.email}. It works for 24 hours.`
          : `We sent an email to ${outcome.email} less than a minute ago. Please check your inbox.`;
    return render(reply, 200, { kind: 'notice', title: 'Check your inbox', text });
  });
}
