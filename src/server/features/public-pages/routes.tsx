import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_NAMES, type FormConfig } from '../../../domain/form-config.js';
import { visitorPaymentMessages } from '../../../domain/payments.js';
import { LandingPage, ThankYouPage, type ThankYouPageProps } from '../../../landing/index.js';
import { forms } from '../../db/schema/index.js';
import type { Storage } from '../../lib/storage.js';
import { isCountableView, recordView, today } from '../leads/analytics.js';
import {
  confirmByLink,
  findLeadWithForm,
  links,
  mayReceiveFile,
  resendCode,
  secondsUntilResend,
  submitLead,
  takeDownload,
  verifyCode,
  type LeadDeps,
  type VisitMeta,
} from '../leads/leads.js';
import { refusesNewSignup, visitorRateLimits } from '../leads/limits.js';
import { validateSubmission } from '../leads/validate-submission.js';
import { findLiveForm } from '../forms/live-form.js';
import { connectedProviders } from '../payments/accounts.js';
import { checkoutOrigins, startCheckout, type CheckoutDeps } from '../payments/checkout.js';
import { readPaymentChoice } from '../payments/choice.js';
import { latestPayments } from '../payments/ledger.js';
import { FAVICON_SVG, PUBLIC_CSP, renderDocument } from './document.js';
import { pageTracking, type PageTracking } from './tracking.js';

const MIN_FILL_MS = 2000;
const OVER_LIMIT_TEXT = 'Please try again later. If you have already signed up, your confirmation and download links still work.';
const RENDERED_AT_PLACEHOLDER = '__LS_RENDERED_AT__';
const REFERRER_PLACEHOLDER = '__LS_REFERRER__';
const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type FormRow = typeof forms.$inferSelect;

function page(reply: FastifyReply, status: number, html: string, csp = PUBLIC_CSP) {
  return reply
    .status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function noticePage(reply: FastifyReply, status: number, title: string, text: string) {
  const body = (
    <div className="ls-page">
      <main className="ls-container">
        <header className="ls-header">
          <h1 className="ls-title">{title}</h1>
          <p className="ls-description">{text}</p>
        </header>
      </main>
    </div>
  );
  return page(reply, status, renderDocument({ title, description: text, body, noindex: true }));
}

export const publicNotFound = (reply: FastifyReply) =>
  noticePage(reply, 404, 'Page not found', 'This page does not exist or is no longer published.');

export function publicPagesRoutes(
  app: FastifyInstance,
  deps: LeadDeps & { storage: Storage; secret: string; checkout: CheckoutDeps },
) {
  const { db, tokens, publicOrigin } = deps;
  // Rendered published pages, per form and published version: publishing again changes the key.
  const cache = new Map<string, { html: string; csp: string }>();
  const sign = (value: string) => signRenderTime(deps.secret, value);
  // A paid page's form ends at the provider's checkout (a 303 there), which its CSP must allow.
  const paidFormAction = `form-action 'self' ${checkoutOrigins(deps.checkout).join(' ')}`;
  const formCsp = (config: FormConfig, csp = PUBLIC_CSP) =>
    config.payment.enabled ? csp.replace("form-action 'self'", paidFormAction) : csp;
  const limits = visitorRateLimits(db, tokens, (err) => app.log.warn({ err }, 'could not sweep rate-limit counters'));

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

  app.get('/', async (_req, reply) =>
    noticePage(reply, 200, 'Lodestone', 'Published landing pages are served from this address.'),
  );

  async function loadLive(id: string): Promise<{ form: FormRow; config: FormConfig } | { status: 404 | 410 }> {
    if (!/^[A-Za-z0-9]{12}$/.test(id)) return { status: 404 };
    const form = await findLiveForm(db, id);
    if (!form || !form.published) return { status: 404 };
    if (form.status !== 'active') return { status: 410 };
    return { form, config: form.published };
  }

  const goneOrMissing = (reply: FastifyReply, status: 404 | 410) =>
    status === 410
      ? noticePage(reply, 410, 'This page is no longer available', 'The owner has taken this page offline.')
      : publicNotFound(reply);

  function renderLanding(
    form: FormRow,
    config: FormConfig,
    extra: Partial<Parameters<typeof LandingPage>[0]> = {},
    tracking?: PageTracking | null,
  ) {
    const landing = (
      <LandingPage
        config={config}
        mode="live"
        action={`/f/${form.id}`}
        honeypotName={RESERVED_NAMES.honeypot}
        hiddenFields={{ [RESERVED_NAMES.renderedAt]: RENDERED_AT_PLACEHOLDER, [RESERVED_NAMES.referrer]: REFERRER_PLACEHOLDER }}
        {...extra}
      />
    );
    return renderDocument({
      title: config.title,
      description: config.description || config.title,
      url: `${publicOrigin}/f/${form.id}`,
      script: 'landing',
      body: tracking ? tracking.wrap(landing) : landing,
      css: tracking?.css,
    });
  }

  const renderedAt = () => {
    const now = String(Date.now());
    return `${now}.${sign(now)}`;
  };

  /** The form shown again (with errors, or a message about the payment), never from the cache. */
  const renderFormAgain = (
    form: FormRow,
    config: FormConfig,
    extra: Partial<Parameters<typeof LandingPage>[0]>,
    referrer: string,
  ) =>
    renderLanding(form, config, extra)
      .replace(RENDERED_AT_PLACEHOLDER, renderedAt())
      .replace(REFERRER_PLACEHOLDER, escapeAttr(referrer.slice(0, 500)));

  app.get<{ Params: { id: string }; Querystring: { payment?: string } }>('/f/:id', async (request, reply) => {
    const live = await loadLive(request.params.id);
    if ('status' in live) return goneOrMissing(reply, live.status);
    const { form, config } = live;
    // Back from the provider without paying: the same page, saying so (not a new view).
    const outcome = request.query.payment;
    if (config.payment.enabled && (outcome === 'cancelled' || outcome === 'failed')) {
      return page(reply, 200, renderFormAgain(form, config, { formError: visitorPaymentMessages[outcome] }, ''), formCsp(config));
    }
    const key = `${form.id}:${form.publishedVersion}`;
    let cached = cache.get(key);
    if (!cached) {
      // Pixels and the custom script only here, on the published page's first render (see tracking.tsx).
      const tracking = pageTracking(form.id, config);
      cached = { html: renderLanding(form, config, {}, tracking), csp: formCsp(config, tracking?.csp) };
      cache.set(key, cached);
      if (cache.size > 1000) cache.delete(cache.keys().next().value!);
    }
    if (isCountableView(request.headers)) {
      const visitor = tokens.hashValue(`visitor:${today()}`, `${form.id}|${request.ip}|${request.headers['user-agent'] ?? ''}`);
      recordView(db, form.id, visitor).catch((err: unknown) => request.log.warn({ err }, 'could not count a view'));
    }
    const referrer = String(request.headers.referer ?? '').slice(0, 500);
    return page(
      reply,
      200,
      cached.html.replace(RENDERED_AT_PLACEHOLDER, renderedAt()).replace(REFERRER_PLACEHOLDER, escapeAttr(referrer)),
      cached.csp,
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/f/:id', async (request, reply) => {
    const live = await loadLive(request.params.id);
    if ('status' in live) return goneOrMissing(reply, live.status);
    const { form, config } = live;
    const wait = await limits.submission(form.id, request.ip);
    if (wait) return tooMany(reply, wait);
    const body = request.body && typeof request.body === 'object' ? request.body : {};

    // Bots: they fill the hidden field, or post faster than a person can type. They are told it worked.
    const [time, signature] = String(body[RESERVED_NAMES.renderedAt] ?? '').split('.');
    const genuineTime = !!time && !!signature && sign(time) === signature && Date.now() - Number(time) >= MIN_FILL_MS;
    if (String(body[RESERVED_NAMES.honeypot] ?? '') !== '' || !genuineTime) {
      return page(reply, 200, renderLanding(form, config, { state: 'submitted' }));
    }

    const checked = validateSubmission(config, body);
    const choice = config.payment.enabled ? readPaymentChoice(config.payment, body) : undefined;
    const referrer = String(body[RESERVED_NAMES.referrer] ?? '');
    if (await refusesNewSignup(db, form, checked.ok ? checked.submission.email : null)) {
      return noticePage(reply, 403, 'This page is not taking new sign-ups right now', OVER_LIMIT_TEXT);
    }
    const errors = { ...(checked.ok ? {} : checked.errors), ...(choice && !choice.ok ? choice.errors : {}) };
    if (!checked.ok || (choice && !choice.ok)) {
      return page(reply, 400, renderFormAgain(form, config, { errors, values: checked.values }, referrer), formCsp(config));
    }
    if (choice && !(await connectedProviders(db, form.workspaceId)).has(choice.provider)) {
      const html = renderFormAgain(
        form,
        config,
        { formError: visitorPaymentMessages.unavailable, values: checked.values },
        referrer,
      );
      return page(reply, 503, html, formCsp(config));
    }
    const { leadId, needsPayment } = await submitLead(
      deps,
      { id: form.id, workspaceId: form.workspaceId, config },
      checked.submission,
      visitMeta(request),
    );
    if (needsPayment && choice) {
      const started = await startCheckout(
        deps.checkout,
        { formId: form.id, workspaceId: form.workspaceId, config, leadId, email: checked.submission.email, ...choice },
        (err) => request.log.error({ err }, 'could not start a checkout'),
      );
      if ('url' in started) return reply.status(303).header('location', started.url).send();
      const formError =
        started.error === 'unavailable' ? visitorPaymentMessages.unavailable : visitorPaymentMessages.providerError;
      return page(
        reply,
        started.error === 'unavailable' ? 503 : 502,
        renderFormAgain(form, config, { formError, values: checked.values }, referrer),
      );
    }
    return reply
      .status(303)
      .header('location', `/thank-you?t=${tokens.sign('lead', leadId)}`)
      .send();
  });

  async function thankYou(reply: FastifyReply, leadId: string, notice?: ThankYouPageProps['notice'], status = 200) {
    const found = await findLeadWithForm(db, leadId);
    if (!found) return publicNotFound(reply);
    const { lead, config } = found;
    const token = tokens.sign('lead', lead.id);
    const unlocked = mayReceiveFile(lead);
    const verified = lead.status === 'verified' && unlocked;
    let payment: ThankYouPageProps['payment'];
    if (!unlocked) {
      const latest = (await latestPayments(db, [lead.id])).get(lead.id);
      const state = lead.paymentState === 'refunded' ? 'refunded' : latest?.status === 'pending' ? 'processing' : 'failed';
      payment = { state, retryUrl: `/f/${lead.formId}`, checkUrl: `/thank-you?t=${token}` };
    }
    const body = (
      <ThankYouPage
        businessName={config.businessName}
        leadMagnetName={config.leadMagnetName}
        thankyouMessage={config.thankyouMessage}
        email={lead.email}
        state={lead.status}
        token={token}
        payment={payment}
        resendInSeconds={verified ? 0 : secondsUntilResend(lead)}
        downloadUrl={verified ? links(deps, lead.id).download : undefined}
        notice={notice}
      />
    );
    return page(
      reply,
      status,
      renderDocument({
        title: 'Thank You!',
        description: config.title,
        body,
        script: verified ? undefined : 'thankYou',
        noindex: true,
      }),
    );
  }

  const leadFrom = (token: unknown) => (typeof token === 'string' ? tokens.verify('lead', token) : null);

  /** 429 with Retry-After: on the visitor's thank-you page when we know it, else on a notice page. */
  function tooMany(reply: FastifyReply, seconds: number, leadId?: string) {
    reply.header('retry-after', String(seconds));
    const text = `Too many attempts from your network. Please wait ${seconds} seconds and try again.`;
    return leadId ? thankYou(reply, leadId, { tone: 'error', text }, 429) : noticePage(reply, 429, 'Too many attempts', text);
  }

  app.get<{ Querystring: { t?: string } }>('/thank-you', async (request, reply) => {
    const leadId = leadFrom(request.query.t);
    return leadId ? thankYou(reply, leadId) : publicNotFound(reply);
  });

  app.post<{ Body: Record<string, unknown> }>('/thank-you/verify', async (request, reply) => {
    const leadId = leadFrom(request.body?.t);
    if (!leadId) return publicNotFound(reply);
    const wait = await limits.verify(request.ip);
    if (wait) return tooMany(reply, wait, leadId);
    const { result, attemptsLeft } = await verifyCode(deps, leadId, String(request.body.code ?? '').trim());
    const notices = {
      verified: { tone: 'success', text: 'Your email is confirmed.' },
      already: { tone: 'success', text: 'Your email is already confirmed.' },
      wrong: { tone: 'error', text: `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.` },
      locked: { tone: 'error', text: 'Too many wrong codes. Ask for a new code below.' },
      expired: { tone: 'error', text: 'This code has expired. Ask for a new code below.' },
      unknown: undefined,
    } as const;
    if (result === 'unknown') return publicNotFound(reply);
    return thankYou(reply, leadId, notices[result], result === 'verified' || result === 'already' ? 200 : 400);
  });

  app.post<{ Body: Record<string, unknown> }>('/thank-you/resend', async (request, reply) => {
    const leadId = leadFrom(request.body?.t);
    if (!leadId) return publicNotFound(reply);
    const wait = await limits.resend(request.ip);
    if (wait) return tooMany(reply, wait, leadId);
    const outcome = await resendCode(deps, leadId);
    if (outcome.result === 'unknown') return publicNotFound(reply);
    if (outcome.result === 'unpaid') return thankYou(reply, leadId);
    if (outcome.result === 'wait') {
      reply.header('retry-after', String(outcome.seconds));
      return thankYou(
        reply,
        leadId,
        { tone: 'error', text: `Please wait ${outcome.seconds} seconds before asking for a new code.` },
        429,
      );
    }
    return thankYou(reply, leadId, outcome.result === 'sent' ? { tone: 'success', text: 'We sent you a new code.' } : undefined);
  });

  app.get<{ Querystring: { t?: string } }>('/confirm', async (request, reply) => {
    const leadId = typeof request.query.t === 'string' ? tokens.verify('confirm', request.query.t) : null;
    if (!leadId) return publicNotFound(reply);
    const result = await confirmByLink(deps, leadId);
    if (result === 'unknown') return publicNotFound(reply);
    const text = result === 'already' ? 'Your email is already confirmed.' : 'Your email is confirmed.';
    return thankYou(reply, leadId, { tone: 'success', text });
  });

  app.get<{ Params: { token: string } }>('/d/:token', async (request, reply) => {
    const checked = tokens.verifyDownload(request.params.token);
    if (!checked) return publicNotFound(reply);
    if ('expired' in checked) {
      const leadId = request.params.token.split('.')[0]!;
      return noticePage(
        reply,
        410,
        'This download link has expired',
        `Get a new link on your download page: ${links(deps, leadId).thankYou}`,
      );
    }
    const download = await takeDownload(db, checked.leadId);
    if (!download)
      return noticePage(
        reply,
        403,
        'Download not available',
        'This download needs a confirmed email address (and, on paid pages, a completed payment). Your thank-you page shows what is missing.',
      );
    const filename = `${download.name.trim() || 'download'}.pdf`.replace(/[\r\n"]/g, '');
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .header('content-length', download.file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(deps.storage.read(download.file.storageKey));
  });
}

/** The signature on a page's render time (exported for tests that post as a patient visitor). */
export const signRenderTime = (secret: string, time: string) =>
  createHmac('sha256', secret).update(`rendered:${time}`).digest('base64url').slice(0, 16);

function visitMeta(request: FastifyRequest): VisitMeta {
  const query = request.query as Record<string, string | undefined>;
  const referer = request.headers.referer;
  const refUrl = referer ? safeUrl(referer) : null;
  const pageParams = refUrl ? refUrl.searchParams : new URLSearchParams();
  const pick = (name: string) => (query[name] ?? pageParams.get(name) ?? undefined)?.slice(0, 200);
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    utm: {
      utmSource: pick('utm_source'),
      utmMedium: pick('utm_medium'),
      utmCampaign: pick('utm_campaign'),
      utmTerm: pick('utm_term'),
      utmContent: pick('utm_content'),
    },
    referrer:
      String((request.body as Record<string, unknown> | undefined)?.[RESERVED_NAMES.referrer] ?? '').slice(0, 500) || null,
  };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
