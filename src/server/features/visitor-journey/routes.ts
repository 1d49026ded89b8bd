import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterSubmitRedirect } from '@/domain/after-submit';
import { variantConfig } from '@/domain/ab-test';
import { isAbVariant, type AbVariant } from '@/domain/ab-variants';
import { RESERVED_NAMES } from '@/domain/form-config';
import { englishT } from '@/domain/i18n/english';
import type { Language } from '@/domain/i18n/languages';
import type { MessageKey } from '@/domain/i18n/translate';
import { askedLanguage, pageWords, visitorWords } from '@/server/lib/visitor-words';
import { closingDeadline } from '@/domain/sections';
import { parseSubmission, withPageParams } from '@/domain/submission';
import type { VisitorThankYouProps } from '@/landing/index';
import type { Config } from '@/server/config';
import type { Executor } from '@/server/db/client';
import { testRunning } from '@/server/features/ab-testing/index';
import type { DomainMap } from '@/server/features/custom-domains/index';
import type { CheckoutDeps } from '@/server/features/payments/index';
import type { CaptchaDeps } from '@/server/features/captcha/index';
import type { DeliverabilityCheck } from '@/server/features/address-checks/index';
import {
  frameQuery,
  framingOrigins,
  pageGoneOrMissing,
  placementFrameOf,
  pageRemoved,
  type PublicPages,
  type PublicView,
  type Render,
  type ThankYouView,
  tooManyAttempts,
} from '@/server/features/public-pages/index';
import {
  allowedHostUrl,
  findPagePlacement,
  type LeadDeps,
  submissionPath,
  formForVisitor,
  loadLiveForm,
  type LiveForm,
  type VisitMeta,
} from '@/server/features/submissions';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/server/lib/database-unavailable';
import { pageOfDamagedLink } from './email-links.js';
import { carriedMarketing, marketingOf } from './marketing.js';
import { type JourneyDeps, submitFromPage } from './submit-from-page.js';
import { inboxThankYou, submissionThankYou } from './thank-you.js';
import type { VisitorLimits } from './visitor-limits.js';

// The visitor's journey on the public face: the sign-up a published page posts, and the thank-you
// page it leads to (and the lead's own page, from its emails).

/** The page again when the database could not store a sign-up: not saved, nothing lost, press again (English). */
export const NOT_SAVED_YET = englishT('form.alert.notSaved');

type JourneyServices = LeadDeps & {
  config: Pick<Config, 'secret'>;
  checkout: CheckoutDeps;
  captcha: CaptchaDeps;
  visitorLimits: VisitorLimits;
  deliverability: DeliverabilityCheck;
  publicPages: PublicPages;
  domainMap: Pick<DomainMap, 'pageBySlug'>;
};

export function visitorJourneyRoutes(app: FastifyInstance, services: JourneyServices) {
  const { db, tokens, publicOrigin, appOrigin, publicPages: pages, domainMap } = services;
  const { render } = pages;
  const deps: LeadDeps = { db, tokens, publicOrigin, appOrigin };
  const journey: JourneyDeps = {
    ...deps,
    secret: services.config.secret,
    limits: services.visitorLimits,
    checkout: services.checkout,
    captcha: services.captcha,
    deliverability: services.deliverability,
  };

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/f/:id', async (request, reply) => {
    const live = await loadLiveForm(db, request.params.id);
    if ('status' in live) return pageGoneOrMissing(render, reply, live);
    const posted = request.body && typeof request.body === 'object' ? request.body : {};
    // Without JavaScript the hidden fields come back empty: the page's address (the Referer) fills them.
    const pageParams = pageParamsOf(request, live.id, domainMap);
    const body = withPageParams(live.config, posted, pageParams);
    // A page in several languages is checked, answered and recorded in the one the visitor read.
    const form = formForVisitor(live, body[RESERVED_NAMES.language], request.headers['accept-language']);
    // Shown by a placement on the owner's site (its hidden inputs, else the frame's address): the
    // lead records which one and the host page; the page again after an error stays in its frame.
    const frame = placementFrameOf(body, pageParams);
    const placement = frame && frame.id !== 'preview' ? await findPagePlacement(db, form.id, frame.id) : null;
    const meta: VisitMeta = {
      ...visitMeta(request, body),
      abVariant: variantPosted(request, form, body),
      placement,
      hostUrl: placement ? allowedHostUrl(form.config, frame?.host) : null,
      marketing: marketingOf(request, form, body, publicOrigin),
    };
    const shownFrame = frame && (frame.id === 'preview' || placement) ? frame : undefined;
    const words = pageWords(form.config);
    const again = (status: number, extra: PageAgainExtra, secondTry = false) =>
      render(reply, status, {
        kind: 'pageAgain',
        form,
        extra,
        referrer: meta.referrer ?? '',
        secondTry,
        variant: meta.abVariant,
        frame: shownFrame,
        // The page again has no consent notice: the consent its visitor gave goes on with the form.
        carry: carriedMarketing(body),
      });
    // A form its deadline has closed takes no sign-up, even from a tab opened before (docs/product.md#sections):
    // nothing is stored, and the visitor gets the page as it is now, with the deadline's message.
    if (closingDeadline(variantConfig(form.config, meta.abVariant ?? 'a'))) return again(200, {});
    // The owner's preview of a placement takes no sign-up (its button is off; a forged post changes nothing).
    if (frame?.id === 'preview') return again(200, {});
    let outcome: Awaited<ReturnType<typeof submitFromPage>>;
    try {
      outcome = await submitFromPage(
        journey,
        form,
        body,
        meta,
        (err) => request.log.error({ err }, 'could not start a checkout'),
        { hostname: request.hostname },
      );
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // Nothing was committed (a sign-up is stored in one transaction): the page again, as typed,
      // saying so, to be sent again with one press once the database is back (docs/decisions/0067).
      request.log.warn({ err }, 'a sign-up could not be stored: the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return again(503, { formError: words('form.alert.notSaved'), values: parseSubmission(form.config, body).values }, true);
    }
    switch (outcome.kind) {
      case 'bot':
        return render(reply, 200, { kind: 'pageAgain', form, extra: { state: 'submitted' }, referrer: '', frame: shownFrame });
      case 'tooFast':
        return again(200, { formError: words('form.alert.pressAgain'), values: outcome.values }, true);
      case 'rateLimited':
        return tooManyAttempts(render, reply, outcome.seconds, form.config.language, framingOrigins(form.config));
      case 'invalid':
        return again(400, { errors: outcome.errors, values: outcome.values });
      case 'typo':
        // Nothing is wrong and nothing is stored: the visitor chooses, with one press, which address is meant.
        return again(200, { values: outcome.values, typo: { typed: outcome.typed, suggested: outcome.suggested } }, true);
      case 'captchaFailed':
        // The owner's secret refused by the provider: every visitor is refused until the owner fixes it.
        if (outcome.misconfigured)
          request.log.warn(
            { provider: outcome.provider, reason: outcome.reason },
            'the captcha provider refused the workspace secret',
          );
        return again(400, { formError: words('form.captcha.failed'), values: outcome.values }, true);
      case 'captchaUnavailable':
        // Fail closed: a sign-up nobody vouched for is not stored (docs/decisions/0087).
        request.log.warn(
          { provider: outcome.provider, reason: outcome.reason },
          'a sign-up was refused: the captcha provider is unavailable',
        );
        return again(503, { formError: words('form.captcha.failed'), values: outcome.values }, true);
      case 'paymentUnavailable':
        return again(503, { formError: words('payment.unavailable'), values: outcome.values });
      case 'paymentFailed':
        return again(502, { formError: words('payment.providerError'), values: outcome.values });
      case 'checkout':
        // A provider's checkout refuses frames: from inside one, the visitor opens it in the whole window.
        if (request.headers['sec-fetch-dest'] === 'iframe')
          return render(reply, 200, { kind: 'leaveFrame', url: outcome.url, form });
        return reply.status(303).header('location', outcome.url).send();
      case 'thankYou': {
        // Without double opt-in the stored submission already has its file (and the email with it is queued).
        const redirectTo = form.config.doubleOptIn ? undefined : afterSubmitRedirect(form.config);
        // Inside a placement's frame the thank-you page tells the loader the visitor signed up.
        const thankYou = submissionPath(tokens, outcome.submissionId) + (placement && shownFrame ? frameQuery(shownFrame) : '');
        return reply
          .status(303)
          .header('location', redirectTo ?? thankYou)
          .send();
      }
    }
  });

  /**
   * The A/B test variant a visitor saw, as the form carried it back (decision 0051). A missing or
   * tampered value never stops a sign-up: it is worked out again as the page view did. Null when
   * the page runs no test now.
   */
  function variantPosted(request: FastifyRequest, form: LiveForm, body: Record<string, unknown>): AbVariant | null {
    if (!testRunning(form)) return null;
    const posted = body[RESERVED_NAMES.abVariant];
    return isAbVariant(posted) ? posted : pages.variantFor(form, request.ip, request.headers);
  }

  const submissionFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('submission', token) : null);
  const leadFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('inbox', token) : null);

  app.get<{ Querystring: { t?: string; n?: string } }>('/thank-you', async (request, reply) => {
    const submissionId = submissionFrom(request.query.t);
    const leadId = submissionId ? null : leadFrom(request.query.t);
    const view = submissionId ? await submissionThankYou(deps, submissionId) : leadId ? await inboxThankYou(deps, leadId) : null;
    if (!view)
      return submissionId || leadId
        ? pageRemoved(render, reply)
        : damagedLink(render, db, request, reply, 'generic', request.query.t);
    // A submitter whose file is unlocked (by a code, a payment) goes to the owner's page, if it has
    // one; the delivery email went out with the unlocking. The lead's own page (from its emails)
    // always shows the download: it is where a fresh link comes from.
    if (submissionId && view.state === 'verified' && view.redirectTo) {
      return reply.status(303).header('location', view.redirectTo).send();
    }
    // In a placement's frame on one of the page's allowed sites: the loader hears the visitor signed up.
    const frame = placementFrameOf(request.query as Record<string, unknown>);
    const signedUp = frame !== null && frame.id !== 'preview' && allowedHostUrl(view, frame.host) !== null;
    return render(reply, 200, { kind: 'thankYou', view, notice: noticeFor(request.query.n, view), signedUp });
  });
}

/** Notices shown on a thank-you page after a redirect, named in its query (`n`), in the page's language. */
function noticeFor(name: unknown, view: ThankYouView): VisitorThankYouProps['notice'] {
  // The query only names a notice; the page's state decides whether it may be shown.
  const confirmedNotice = name === 'verified' || name === 'confirmed' || name === 'already' || name === 'confirmed-before';
  if (confirmedNotice !== (view.state === 'verified')) return undefined;
  const t = visitorWords(view.language);
  switch (name) {
    case 'verified':
    case 'confirmed':
      return { tone: 'success', text: t('thanks.notice.confirmed') };
    case 'already':
    case 'confirmed-before':
      return { tone: 'success', text: t('thanks.notice.alreadyConfirmed') };
    case 'wrong':
      return { tone: 'error', text: t('thanks.notice.wrongCode', { left: view.attemptsLeft }) };
    case 'locked':
      return { tone: 'error', text: t('thanks.notice.locked') };
    case 'expired':
      return { tone: 'error', text: t('thanks.notice.codeExpired') };
    case 'sent':
      return { tone: 'success', text: t('thanks.notice.codeSent') };
    default:
      return undefined;
  }
}

const DAMAGED_TITLES = {
  confirmation: 'link.damaged.title.confirmation',
  download: 'link.damaged.title.download',
  generic: 'link.damaged.title.generic',
} as const satisfies Record<string, MessageKey>;

/**
 * A link from a visitor's email that we did not make as it is: cut short or changed on its way
 * (a mail program breaking it over two lines, a partial copy). Said as such, in the language of the
 * page it came from (when its start still names one, else the visitor's), with that page, if live,
 * to sign up again for a new email.
 */
export async function damagedLink(
  render: Render,
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  what: keyof typeof DAMAGED_TITLES,
  token: unknown,
) {
  const page = typeof token === 'string' ? await pageOfDamagedLink(db, token, request.customDomain?.workspaceId) : undefined;
  const t = visitorWords(page?.language ?? askedLanguage(request));
  const formId = page?.liveId;
  const sentences = [
    t('link.damaged.text'),
    ...(what === 'confirmation' ? [t('link.damaged.codeHint')] : []),
    ...(formId ? [t('link.damaged.signUpAgainHint')] : []),
  ];
  return render(reply, 404, {
    kind: 'notice',
    language: t.language,
    title: t(DAMAGED_TITLES[what]),
    text: sentences.join(sentenceGap(t.language)),
    link: formId ? { url: `/f/${formId}`, label: t('link.damaged.button') } : undefined,
  });
}

/** What stands between two whole sentences of one paragraph: nothing in Japanese and Chinese, a space elsewhere. */
const sentenceGap = (language: Language) => (language === 'ja' || language === 'zh-CN' ? '' : ' ');

type PageAgainExtra = Extract<PublicView, { kind: 'pageAgain' }>['extra'];

/** Who sent a request, as the evidence of a sign-up or a confirmation records it. */
export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

// Control characters never reach the database from what a browser sends along.
// eslint-disable-next-line no-control-regex
const clean = (value: string, max: number) => value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

function visitMeta(request: FastifyRequest, body: Record<string, unknown>): VisitMeta {
  const query = request.query as Record<string, string | undefined>;
  const referer = request.headers.referer;
  const refUrl = referer ? safeUrl(referer) : null;
  const pageParams = refUrl ? refUrl.searchParams : new URLSearchParams();
  const pick = (name: string) => {
    const value = query[name] ?? pageParams.get(name) ?? undefined;
    return typeof value === 'string' ? clean(value, 200) || undefined : undefined;
  };
  const referrer = body[RESERVED_NAMES.referrer];
  return {
    ...clientMeta(request),
    utm: {
      utmSource: pick('utm_source'),
      utmMedium: pick('utm_medium'),
      utmCampaign: pick('utm_campaign'),
      utmTerm: pick('utm_term'),
      utmContent: pick('utm_content'),
    },
    referrer: (typeof referrer === 'string' && clean(referrer, 500)) || null,
  };
}

/**
 * The query of the published page a POST came from (its Referer, when that is this page: at
 * /f/{id}, or on a custom domain at its root or the page's slug).
 */
function pageParamsOf(request: FastifyRequest, formId: string, domains: Pick<DomainMap, 'pageBySlug'>): URLSearchParams {
  const referer = request.headers.referer;
  const page = referer ? safeUrl(referer) : null;
  if (!page) return new URLSearchParams();
  const path = page.pathname;
  const domain = request.customDomain;
  const thisPage =
    path === `/f/${formId}` ||
    (domain !== undefined &&
      (path === '/' ? domain.homeFormId === formId : domains.pageBySlug(domain.workspaceId, path.slice(1)) === formId));
  return thisPage ? page.searchParams : new URLSearchParams();
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
