import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterSubmitRedirect } from '@/domain/after-submit';
import { isAbVariant, type AbVariant } from '@/domain/ab-test';
import { RESERVED_NAMES } from '@/domain/form-config';
import { visitorPaymentMessages } from '@/domain/payments';
import { parseSubmission, withPageParams } from '@/domain/submission';
import type { VisitorThankYouProps } from '@/landing/index';
import { testRunning } from '@/server/features/ab-testing/index';
import type { DomainMap } from '@/server/features/custom-domains/index';
import {
  DOWNLOAD_LINK_DAYS,
  links,
  submissionPath,
  loadLiveForm,
  type LiveForm,
  type VisitMeta,
} from '@/server/features/submissions';
import { StorageUnavailable, type Storage } from '@/server/lib/storage';
import { STORAGE_RETRY_AFTER_SECONDS } from '@/domain/api-errors';
import { attachmentDisposition } from '@/server/lib/content-disposition';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/server/lib/database-unavailable';
import { confirmLink, renewConfirmation, resendCode, verifyCode } from '@/server/features/double-opt-in/index';
import { downloadName } from '@/server/features/files/index';
import {
  download,
  pageOfDamagedLink,
  submitFromPage,
  type JourneyDeps,
  inboxThankYou,
  submissionThankYou,
  type ThankYouView,
  visitorRateLimits,
} from '@/server/features/visitor-journey/index';
import { FAVICON_SVG } from './document.js';
import { embedScript, framingOrigins } from './embedding.js';
import type { PublicPages } from './public-pages.js';
import { noticeDocument, sendPublic, type PublicView } from './render.js';
import { CUSTOM_DOMAIN_ROBOTS_TXT, ROBOTS_TXT } from './robots.js';

// The public face's HTTP adapter: requests in, a use case's outcome out, one render for every page.

const PRESS_AGAIN =
  'Please press the button once more to send your details. (Your browser filled the form in faster than we expected.)';

/** The page again when the database could not store a sign-up: not saved, nothing lost, press again. */
export const NOT_SAVED_YET =
  'Your sign-up could not be saved yet: our side is having a moment of trouble. What you typed is still here. Please press the button again in a moment.';

/** The public face's 404, for this face's routes and the server's not-found handler alike. */
export const publicNotFound = (reply: FastifyReply) =>
  sendPublic(
    reply,
    404,
    noticeDocument({ title: 'Page not found', text: 'This page does not exist or is no longer published.' }),
  );

/** Notices shown on a thank-you page after a redirect, named in its query (`n`). */
function noticeFor(name: unknown, view: ThankYouView): VisitorThankYouProps['notice'] {
  const left = view.attemptsLeft;
  // The query only names a notice; the page's state decides whether it may be shown.
  const confirmedNotice = name === 'verified' || name === 'confirmed' || name === 'already' || name === 'confirmed-before';
  if (confirmedNotice !== (view.state === 'verified')) return undefined;
  switch (name) {
    case 'verified':
      return { tone: 'success', text: 'Your email is confirmed.' };
    case 'already':
    case 'confirmed-before':
      return { tone: 'success', text: 'Your email is already confirmed.' };
    case 'confirmed':
      return { tone: 'success', text: 'Your email is confirmed.' };
    case 'wrong':
      return { tone: 'error', text: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` };
    case 'locked':
      return { tone: 'error', text: 'Too many wrong codes. Ask for a new code below.' };
    case 'expired':
      return { tone: 'error', text: 'This code has expired. Ask for a new code below.' };
    case 'sent':
      return { tone: 'success', text: 'We sent you a new code.' };
    default:
      return undefined;
  }
}

export function publicPagesRoutes(
  app: FastifyInstance,
  deps: Omit<JourneyDeps, 'limits'> & { storage: Storage; domains: Pick<DomainMap, 'pageBySlug'> },
  pages: PublicPages,
) {
  const { db, tokens } = deps;
  const limits = visitorRateLimits(db, tokens, (err) => app.log.warn({ err }, 'could not sweep rate-limit counters'));
  const journey: JourneyDeps = { ...deps, limits };
  const { render } = pages;
  const notFound = publicNotFound;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get('/favicon.svg', async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );

  // The script of the owner's embed snippet, loaded by other sites (so CORP lets it be read there).
  const embedJs = embedScript(deps.publicOrigin);
  app.get('/embed.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(embedJs),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(request.customDomain ? CUSTOM_DOMAIN_ROBOTS_TXT : ROBOTS_TXT),
  );

  // On a custom domain: the page the owner chose for its root, or the 404 page (docs/decisions/0055).
  app.get<{ Querystring: { payment?: string } }>('/', async (request, reply) => {
    const domain = request.customDomain;
    if (domain) return domain.homeFormId ? showPage(request, reply, domain.homeFormId) : notFound(reply);
    return render(reply, 200, {
      kind: 'notice',
      title: 'Lodestone',
      text: 'Published landing pages are served from this address.',
    });
  });

  // A page by its friendly path, on its workspace's custom domains only.
  app.get<{ Params: { slug: string }; Querystring: { payment?: string } }>('/:slug', async (request, reply) => {
    const domain = request.customDomain;
    const id = domain && deps.domains.pageBySlug(domain.workspaceId, request.params.slug.toLowerCase());
    return id ? showPage(request, reply, id) : notFound(reply);
  });

  const goneOrMissing = (reply: FastifyReply, status: 404 | 410) =>
    status === 410
      ? render(reply, 410, {
          kind: 'notice',
          title: 'This page is no longer available',
          text: 'The owner has taken this page offline.',
        })
      : notFound(reply);

  app.get<{ Params: { id: string }; Querystring: { payment?: string } }>('/f/:id', async (request, reply) =>
    showPage(request, reply, request.params.id),
  );

  /** The published page `id` (at /f/{id}, or at a custom domain's root or slug): another workspace's is not found there. */
  async function showPage(request: FastifyRequest<{ Querystring: { payment?: string } }>, reply: FastifyReply, id: string) {
    const form = await loadLiveForm(db, id);
    if ('status' in form) return goneOrMissing(reply, form.status);
    if (request.customDomain && form.workspaceId !== request.customDomain.workspaceId) return notFound(reply);
    const variant = pages.variantFor(form, request.ip, request.headers);
    // Back from the provider without paying: the same page, saying so (not a new view).
    const outcome = request.query.payment;
    if (form.config.payment.enabled && (outcome === 'cancelled' || outcome === 'failed')) {
      const extra = { formError: visitorPaymentMessages[outcome] };
      return render(reply, 200, { kind: 'pageAgain', form, extra, referrer: '', variant });
    }
    // A HEAD (a link checker, a monitor) is not a visit.
    if (request.method === 'GET') pages.countView(form, request.headers, request.ip, variant);
    return render(reply, 200, {
      kind: 'page',
      form,
      variant,
      referrer: String(request.headers.referer ?? ''),
      acceptEncoding: request.headers['accept-encoding'],
    });
  }

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/f/:id', async (request, reply) => {
    const form = await loadLiveForm(db, request.params.id);
    if ('status' in form) return goneOrMissing(reply, form.status);
    const posted = request.body && typeof request.body === 'object' ? request.body : {};
    // Without JavaScript the hidden fields come back empty: the page's address (the Referer) fills them.
    const body = withPageParams(form.config, posted, pageParamsOf(request, form.id, deps.domains));
    const meta: VisitMeta = { ...visitMeta(request, body), abVariant: variantPosted(request, form, body) };
    const again = (status: number, extra: PageAgainExtra, secondTry = false) =>
      render(reply, status, {
        kind: 'pageAgain',
        form,
        extra,
        referrer: meta.referrer ?? '',
        secondTry,
        variant: meta.abVariant,
      });
    let outcome: Awaited<ReturnType<typeof submitFromPage>>;
    try {
      outcome = await submitFromPage(journey, form, body, meta, (err) =>
        request.log.error({ err }, 'could not start a checkout'),
      );
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // Nothing was committed (a sign-up is stored in one transaction): the page again, as typed,
      // saying so, to be sent again with one press once the database is back (docs/decisions/0067).
      request.log.warn({ err }, 'a sign-up could not be stored: the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return again(503, { formError: NOT_SAVED_YET, values: parseSubmission(form.config, body).values }, true);
    }
    switch (outcome.kind) {
      case 'bot':
        return render(reply, 200, { kind: 'pageAgain', form, extra: { state: 'submitted' }, referrer: '' });
      case 'tooFast':
        return again(200, { formError: PRESS_AGAIN, values: outcome.values }, true);
      case 'rateLimited':
        return tooMany(reply, outcome.seconds, framingOrigins(form.config));
      case 'invalid':
        return again(400, { errors: outcome.errors, values: outcome.values });
      case 'paymentUnavailable':
        return again(503, { formError: visitorPaymentMessages.unavailable, values: outcome.values });
      case 'paymentFailed':
        return again(502, { formError: visitorPaymentMessages.providerError, values: outcome.values });
      case 'checkout':
        // A provider's checkout refuses frames: from inside one, the visitor opens it in the whole window.
        if (request.headers['sec-fetch-dest'] === 'iframe')
          return render(reply, 200, { kind: 'leaveFrame', url: outcome.url, form });
        return reply.status(303).header('location', outcome.url).send();
      case 'thankYou': {
        // Without double opt-in the stored submission already has its file (and the email with it is queued).
        const redirectTo = form.config.doubleOptIn ? undefined : afterSubmitRedirect(form.config);
        return reply
          .status(303)
          .header('location', redirectTo ?? submissionPath(tokens, outcome.submissionId))
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

  /** 429 with Retry-After on a notice page. */
  function tooMany(reply: FastifyReply, seconds: number, framing?: readonly string[]) {
    reply.header('retry-after', String(seconds));
    const text = `Too many attempts. Please wait ${seconds} seconds and try again.`;
    return render(reply, 429, { kind: 'notice', title: 'Too many attempts', text, framing });
  }

  const submissionFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('submission', token) : null);
  const leadFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('inbox', token) : null);
  const backToPage = (reply: FastifyReply, submissionId: string, notice?: string) =>
    reply
      .status(303)
      .header('location', `${submissionPath(tokens, submissionId)}${notice ? `&n=${notice}` : ''}`)
      .send();

  app.get<{ Querystring: { t?: string; n?: string } }>('/thank-you', async (request, reply) => {
    const submissionId = submissionFrom(request.query.t);
    const leadId = submissionId ? null : leadFrom(request.query.t);
    const view = submissionId ? await submissionThankYou(deps, submissionId) : leadId ? await inboxThankYou(deps, leadId) : null;
    if (!view) return submissionId || leadId ? pageRemoved(reply) : damagedLink(request, reply, 'link', request.query.t);
    // A submitter whose file is unlocked (by a code, a payment) goes to the owner's page, if it has
    // one; the delivery email went out with the unlocking. The lead's own page (from its emails)
    // always shows the download: it is where a fresh link comes from.
    if (submissionId && view.state === 'verified' && view.redirectTo) {
      return reply.status(303).header('location', view.redirectTo).send();
    }
    return render(reply, 200, { kind: 'thankYou', view, notice: noticeFor(request.query.n, view) });
  });

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

  /**
   * A link from a visitor's email that we did not make as it is: cut short or changed on its way
   * (a mail program breaking it over two lines, a partial copy). Said as such, with the page it came
   * from (when its start still names one) to sign up again for a new email.
   */
  async function damagedLink(
    request: FastifyRequest,
    reply: FastifyReply,
    what: 'confirmation link' | 'download link' | 'link',
    token: unknown,
  ) {
    const formId = typeof token === 'string' ? await pageOfDamagedLink(db, token, request.customDomain?.workspaceId) : null;
    const code =
      what === 'confirmation link' ? ' You can also type the 6-digit code from the email on the page where you signed up.' : '';
    const again = formId ? ' Or sign up again on the page for a new email.' : '';
    return render(reply, 404, {
      kind: 'notice',
      title: `This ${what} is damaged`,
      text: `Part of it is missing or was changed, which can happen when a link is copied in part or broken over two lines. Open it again from the email, or copy the whole link into your browser.${code}${again}`,
      link: formId ? { url: `/f/${formId}`, label: 'Sign up again' } : undefined,
    });
  }

  /** A link we made, to something of a page its owner has since deleted. */
  const pageRemoved = (reply: FastifyReply, title = 'This page is no longer available') =>
    render(reply, 410, { kind: 'notice', title, text: 'The page it came from was removed by its owner.' });

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

  app.get<{ Querystring: { t?: string } }>('/confirm', async (request, reply) => {
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    const outcome = await confirmLink(deps, token, clientMeta(request));
    if (outcome.kind === 'unknown') return damagedLink(request, reply, 'confirmation link', token);
    if (outcome.kind === 'gone') return pageRemoved(reply);
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
    if (wait) return tooMany(reply, wait);
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

  app.get<{ Params: { token: string } }>('/d/:token', async (request, reply) => {
    const outcome = await download(deps, request.params.token);
    switch (outcome.kind) {
      case 'unknown':
        return damagedLink(request, reply, 'download link', request.params.token);
      case 'expired': {
        const inbox = new URL(links(deps, outcome.leadId).inbox);
        return render(reply, 410, {
          kind: 'notice',
          title: 'This download link has expired',
          text: `Download links work for ${DOWNLOAD_LINK_DAYS} days. Your download page gives you a new one.`,
          link: { url: `${inbox.pathname}${inbox.search}`, label: 'Get a new download link' },
        });
      }
      case 'gone':
        return pageRemoved(reply, 'This file is no longer available');
      case 'locked':
        return render(reply, 403, {
          kind: 'notice',
          title: 'Download not available',
          text: 'This download needs a confirmed email address (and, on paid pages, a completed payment). Your thank-you page shows what is missing.',
        });
      case 'file': {
        const body = await deps.storage.read(outcome.file.storageKey).catch((err: unknown) => {
          if (err instanceof StorageUnavailable) return null;
          throw err;
        });
        if (!body) {
          // The file store is away (decision 0068): a page to come back to, not an error; the link keeps working.
          request.log.warn('the file store did not answer a download');
          reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
          return render(reply, 503, {
            kind: 'notice',
            title: 'Your download is not ready just now',
            text: 'We could not fetch the file this moment. Nothing is wrong with your link: please try again in a minute.',
            link: { url: request.url, label: 'Try the download again' },
          });
        }
        return reply
          .type(outcome.file.contentType)
          .header('content-disposition', attachmentDisposition(downloadName(outcome.name, outcome.file)))
          .header('content-length', outcome.file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .send(body);
      }
    }
  });
}

type PageAgainExtra = Extract<PublicView, { kind: 'pageAgain' }>['extra'];

const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

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
