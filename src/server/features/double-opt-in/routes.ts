import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageRemoved, type PublicPages, publicNotFound as notFound, tooManyAttempts } from '@/server/features/public-pages/index';
import { CODE_TTL_MS, type LeadDeps, links, submissionPath } from '@/server/features/submissions';
import {
  clientMeta,
  damagedLink,
  submissionThankYou,
  inboxThankYou,
  pageOfLead,
  type VisitorLimits,
} from '@/server/features/visitor-journey/index';
import { askedLanguage, visitorWords } from '@/server/lib/visitor-words';
import { confirmLink, renewConfirmation } from './confirm-link.js';
import { resendCode } from './resend-code.js';
import { verifyCode } from './verify-code.js';

// Double opt-in on the public face: the code typed on the thank-you page (and a new one), and the
// confirmation link from the email (and a new one when it has expired), in the page's language.

/** A confirmation link works as long as the code it came with. */
const LINK_HOURS = CODE_TTL_MS / 3_600_000;

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

  /** 429 on the visitor's own page, saying how long to wait (to try again, or to ask for a new code). */
  async function tooManyOnPage(reply: FastifyReply, submissionId: string, seconds: number, before: 'retry' | 'resend' = 'retry') {
    const view = await submissionThankYou(deps, submissionId);
    if (!view) return notFound(reply);
    reply.header('retry-after', String(seconds));
    const t = visitorWords(view.language);
    const text = t(before === 'resend' ? 'thanks.notice.waitResend' : 'thanks.notice.waitRetry', { seconds });
    return render(reply, 429, { kind: 'thankYou', view, notice: { tone: 'error', text } });
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
    if (outcome.kind === 'wait') return tooManyOnPage(reply, submissionId, outcome.seconds, 'resend');
    return backToPage(reply, submissionId, outcome.kind === 'sent' ? 'sent' : undefined);
  });

  app.get<{ Querystring: { t?: string } }>('/confirm', async (request, reply) => {
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    const outcome = await confirmLink(deps, token, clientMeta(request));
    if (outcome.kind === 'unknown') return damagedLink(render, db, request, reply, 'confirmation', token);
    if (outcome.kind === 'gone') return pageRemoved(render, reply, outcome.language);
    if (outcome.kind === 'expired') {
      const t = visitorWords(outcome.language);
      return render(reply, 410, {
        kind: 'notice',
        language: t.language,
        title: t('confirm.expired.title'),
        text: t('confirm.expired.text', { hours: LINK_HOURS, email: outcome.email }),
        action: { url: '/confirm/renew', fields: { t: token }, label: t('confirm.expired.button') },
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
    if (wait) return tooManyAttempts(render, reply, wait, await languageOfLink(request, token));
    const outcome = await renewConfirmation(deps, token);
    if (outcome.kind === 'unknown') return notFound(reply);
    const t = visitorWords(outcome.language);
    const text =
      outcome.kind === 'already'
        ? t('confirm.renew.already', { email: outcome.email })
        : outcome.kind === 'sent'
          ? t('confirm.renew.sent', { email: outcome.email, hours: LINK_HOURS })
          : t('confirm.renew.wait', { email: outcome.email });
    return render(reply, 200, { kind: 'notice', language: t.language, title: t('confirm.renew.title'), text });
  });

  /** The language of the page a confirmation link is of (the visitor's when the link names none). */
  async function languageOfLink(request: FastifyRequest, token: string) {
    const leadId = tokens.verifyExpiring('confirm', token)?.leadId;
    const page = leadId ? await pageOfLead(db, leadId) : undefined;
    return page?.language ?? askedLanguage(request);
  }
}
