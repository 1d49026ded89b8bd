import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@/domain/api-errors';
import { emailCopyMessages, emailSender, SAMPLE_EMAIL_VALUES } from '@/domain/email-copy';
import type { EmailPreview, EmailTestSent } from '@/domain/email-copy-api';
import { followUpsOf } from '@/domain/follow-ups';
import { followUpPreviewBodySchema, type FollowUpPreviewBody, type FollowUpStats } from '@/domain/follow-ups-api';
import { idParamsSchema } from '@/domain/forms-api';
import { DEFAULT_LANGUAGE, type Language } from '@/domain/i18n/languages';
import { CONSENT_VERSION } from '@/landing/consent';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { emailSuppressions, followUpLeads, followUpSends, forms, leadConsents, leads } from '@/server/db/schema/index';
import { type DomainSenderOf, emailBrandOf, queueEmail, renderEmail, type EmailJob } from '@/server/features/mail/index';
import { PUBLIC_CSP, sendPublic } from '@/server/features/public-pages/index';
import { emailLanguage, pageAsSignedUp, signupLanguage } from '@/server/features/submissions/index';
import { EMAIL_TESTS_RULE } from '@/server/features/visitor-emails/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { displayAddress, senderOf } from '@/server/lib/mailer';
import { createRateLimiter } from '@/server/lib/rate-limiter';
import type { Tokens } from '@/server/lib/tokens';
import { visitorWords } from '@/server/lib/visitor-words';
import { followUpDeps } from './deps.js';
import { suppress } from './suppression.js';
import { renderUnsubscribePage } from './unsubscribe-page.js';
import { firstOwnerEmail } from '@/server/features/workspaces/index';

const tags = ['forms'];

type OwnerServices = {
  db: Db;
  tokens: Tokens;
  publicOrigin: string;
  config: Pick<Config, 'mailFrom' | 'secret' | 'followUpSendsPerMinute'>;
  sendingDomains?: { senderOf: DomainSenderOf };
};

/**
 * A page's follow-up figures, and the creator's preview and test send of one follow-up email
 * (contract: src/domain/follow-ups-api.ts), for the owner plugin (request.owner set). The preview
 * and the test need `editPages` (team/permissions.ts); the figures, any member.
 */
export function followUpsRoutes(app: FastifyInstance, services: OwnerServices) {
  const deps = followUpDeps(services);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(services.db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });

  api.get('/api/forms/:id/follow-ups', { schema: { tags, params: idParamsSchema } }, async (request) =>
    followUpStats(services.db, request.owner.workspaceId, request.params.id),
  );

  api.post('/api/forms/follow-up-preview', { schema: { tags, body: followUpPreviewBodySchema } }, async (request) => {
    const job = await sampleFollowUp(deps, services.db, request.owner.workspaceId, request.body, request.owner.email, false);
    const [mail, domain] = await Promise.all([
      renderEmail({ ...job, messageId: 'preview' }, { whole: true }),
      services.sendingDomains?.senderOf(request.owner.workspaceId),
    ]);
    const preview: EmailPreview = {
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      from: displayAddress(senderOf(services.config.mailFrom, mail.fromName, domain ?? undefined)),
      replyTo: mail.replyTo ?? null,
    };
    return preview;
  });

  api.post('/api/forms/follow-up-test', { schema: { tags, body: followUpPreviewBodySchema } }, async (request, reply) => {
    // The visitor emails' tests and these share one allowance per person.
    const decision = await limiter.hit(EMAIL_TESTS_RULE, request.owner.userId);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new HttpError(429, ErrorCode.RATE_LIMITED, emailCopyMessages.testRateLimited(EMAIL_TESTS_RULE.limit, minutes));
    }
    const job = await sampleFollowUp(deps, services.db, request.owner.workspaceId, request.body, request.owner.email, true);
    await queueEmail(services.db, job);
    const sent: EmailTestSent = { to: request.owner.email };
    return sent;
  });
}

/**
 * A follow-up email with the creator's words not yet saved, in the page's language, with a sample
 * first name and the public site's front page for the unsubscribe link. A test's subject says it is one.
 */
async function sampleFollowUp(
  deps: { publicOrigin: string },
  db: Db,
  workspaceId: string,
  body: FollowUpPreviewBody,
  to: string,
  test: boolean,
): Promise<EmailJob<'followUp'>> {
  const t = visitorWords(body.language);
  const businessName = body.businessName.trim() || t('preview.email.sampleBusiness');
  const leadMagnetName = body.leadMagnetName.trim() || t('preview.email.sampleLeadMagnet');
  const subject = test ? t('preview.email.testSubject', { subject: body.step.subject }) : body.step.subject;
  const brand = emailBrandOf(body.design, deps.publicOrigin);
  return {
    template: 'followUp',
    to,
    ...emailSender(body.emails, businessName, await firstOwnerEmail(db, workspaceId)),
    // A test goes the way a lead's would, from the sending domain once it is verified.
    fromWorkspaceId: workspaceId,
    props: {
      businessName,
      leadMagnetName,
      subject,
      text: body.step.text,
      firstName: t('preview.email.sampleFirstName') || SAMPLE_EMAIL_VALUES.firstName,
      unsubscribeUrl: `${deps.publicOrigin}/`,
      ...(brand ? { brand } : {}),
      ...(t.language !== 'en' ? { language: t.language } : {}),
    },
  };
}

/** A page's follow-up figures since its sequence began; 404 for another workspace's page. */
export async function followUpStats(db: Db, workspaceId: string, formId: string): Promise<FollowUpStats> {
  const [form] = await db
    .select({ published: forms.published })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)));
  if (!form) throw notFound('This form');
  const [[onIt], bySteps, suppressions] = await Promise.all([
    db.select({ n: count() }).from(followUpLeads).where(eq(followUpLeads.formId, formId)),
    db
      .select({ stepId: followUpSends.stepId, n: count() })
      .from(followUpSends)
      .where(eq(followUpSends.formId, formId))
      .groupBy(followUpSends.stepId),
    db
      .select({ reason: emailSuppressions.reason, n: count() })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.workspaceId, workspaceId), eq(emailSuppressions.formId, formId)))
      .groupBy(emailSuppressions.reason),
  ]);
  const sent = bySteps.reduce((n, s) => n + s.n, 0);
  const steps = followUpsOf(form.published ?? {}).steps;
  const sentByStep = Object.fromEntries(steps.map((s) => [s.id, bySteps.find((b) => b.stepId === s.id)?.n ?? 0]));
  const of = (reason: string) => suppressions.find((s) => s.reason === reason)?.n ?? 0;
  const rate = (n: number) => (sent === 0 ? 0 : n / sent);
  return {
    leads: onIt?.n ?? 0,
    sent,
    sentByStep,
    unsubscribed: of('unsubscribed'),
    bounced: of('bounced'),
    complained: of('complained'),
    bounceRate: rate(of('bounced')),
    complaintRate: rate(of('complained')),
  };
}

/**
 * The unsubscribe page of a follow-up email's link, on the public face (and the lead's custom
 * domain): GET asks (a mail scanner following links unsubscribes nobody); POST, with no session and
 * no token but the link's, unsubscribes: what the email's "Unsubscribe" form posts, and the
 * one-click POST of RFC 8058 (`List-Unsubscribe=One-Click`) a mail program sends. The lead's address
 * goes on its workspace's suppression list (every sequence of that workspace to it stops), and a
 * follow_ups consent row records the withdrawal. Again: the same page, nothing added.
 */
export function unsubscribeRoutes(app: FastifyInstance, services: OwnerServices) {
  const { db, tokens } = services;

  const findLead = async (token: string, customDomainWorkspace: string | undefined) => {
    const leadId = tokens.verify('unsubscribe', token);
    if (!leadId) return undefined;
    const [row] = await db
      .select({
        lead: { id: leads.id, email: leads.email, workspaceId: leads.workspaceId, formId: leads.formId },
        published: forms.published,
        draft: forms.draft,
        formVersion: forms.publishedVersion,
        signupLanguage: signupLanguage(leads.id),
      })
      .from(leads)
      .innerJoin(forms, eq(forms.id, leads.formId))
      .where(eq(leads.id, leadId));
    // On a custom domain, only its workspace's leads (decision 0055).
    if (!row || (customDomainWorkspace && customDomainWorkspace !== row.lead.workspaceId)) return undefined;
    const config = row.published ?? row.draft;
    return {
      ...row,
      language: emailLanguage({ config, signupLanguage: row.signupLanguage }),
      businessName: pageAsSignedUp(config, row.signupLanguage).businessName,
    };
  };

  const page = (
    reply: FastifyReply,
    status: number,
    p: { language: Language; businessName: string; state: 'ask' | 'done' | 'invalid'; action?: string },
  ) => {
    reply.header('x-robots-tag', 'noindex');
    return sendPublic(reply, status, { html: renderUnsubscribePage(p), csp: PUBLIC_CSP });
  };
  const invalid = (reply: FastifyReply, language: Language) => page(reply, 404, { language, businessName: '', state: 'invalid' });

  app.get<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    const found = await findLead(request.params.token, request.customDomain?.workspaceId);
    if (!found) return invalid(reply, DEFAULT_LANGUAGE);
    return page(reply, 200, {
      language: found.language,
      businessName: found.businessName,
      state: 'ask',
      action: `/unsubscribe/${encodeURIComponent(request.params.token)}`,
    });
  });

  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    '/unsubscribe/:token',
    async (request, reply) => {
      const found = await findLead(request.params.token, request.customDomain?.workspaceId);
      if (!found) return invalid(reply, DEFAULT_LANGUAGE);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const source = body['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'link';
      const { lead } = found;
      await db.transaction(async (tx) => {
        const added = await suppress(tx, services.config.secret, {
          workspaceId: lead.workspaceId,
          email: lead.email,
          reason: 'unsubscribed',
          source,
          formId: lead.formId,
        });
        if (!added) return;
        await tx.insert(leadConsents).values({
          leadId: lead.id,
          event: 'follow_ups',
          text: 'Unsubscribed',
          version: CONSENT_VERSION,
          agreed: false,
          formVersion: found.formVersion,
          ipHash: tokens.hashValue('ip', request.ip),
          userAgentHash: tokens.hashValue('ua', request.headers['user-agent'] ?? ''),
        });
      });
      return page(reply, 200, { language: found.language, businessName: found.businessName, state: 'done' });
    },
  );
}
