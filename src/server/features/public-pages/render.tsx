import { LANGUAGES, type Language } from '@/domain/i18n/languages';
import { isMultilingual, pageLanguages } from '@/domain/page-languages';
import { pageWords, visitorWords } from '@/server/lib/visitor-words';
import type { FastifyReply } from 'fastify';
import { variantConfig } from '@/domain/ab-test';
import type { AbVariant } from '@/domain/ab-variants';
import { badgeUrl, showsBadge } from '@/domain/branding';
import { normalizeEmbedOrigins } from '@/domain/embed-origins';
import { RESERVED_NAMES, type FormConfig } from '@/domain/form-config';
import { escapeHtml } from '@/domain/html';
import { deadlineInstant, shownSections, showsVideo, VIDEO_FRAME_HOSTS } from '@/domain/sections';
import {
  LandingPage,
  PLACEMENT_PREVIEW_NOTE,
  VisitorThankYou,
  type LandingPageProps,
  type VisitorThankYouProps,
} from '@/landing/index';
import type { LiveForm } from '@/server/features/submissions';
import { checkoutOrigins, type CheckoutDeps } from '@/server/features/payments/index';
import { pageCaptcha } from '@/server/features/captcha/index';
import { signRenderTime } from '@/server/lib/fill-time';
import { PUBLIC_CSP, PUBLIC_SCRIPTS, publicCsp, renderDocument } from './document.js';
import { allowCaptcha } from './captcha-csp.js';
import { allowFraming, framingHeaders, framingOrigins, leaveFrameDocument } from './embedding.js';
import { pageLinkPreview } from './link-preview.js';
import { allowSignedUpScript, frameHiddenFields, type PlacementFrame } from './placement-frame.js';
import {
  createVariants,
  pickEncoding,
  type PublishedDocument,
  REFERRER,
  RENDERED_AT,
  reusableHeaders,
  seenBeacon,
} from './published-page.js';
import { pageTracking } from './tracking.js';

/** A thank-you page as the visitor journey worked it out: what it shows, and where it may be framed or sent. */
export type ThankYouView = Omit<VisitorThankYouProps, 'notice' | 't'> & {
  /** The language of the page it came from. */
  language: Language;
  attemptsLeft: number;
  /** The sites that may frame the page it came from: they may frame this one too (decision 0050). */
  embedOrigins: readonly string[];
  /** The owner's checked address, when confirmed visitors go there instead of this page. */
  redirectTo?: string;
};

/** A page with a video may frame its player (once pressed), and only from the privacy-enhanced hosts. */
const VIDEO_CSP = publicCsp({ scripts: Object.values(PUBLIC_SCRIPTS), frameHosts: VIDEO_FRAME_HOSTS });
/** A published page's policy before tracking and a captcha widen it. */
const baseCsp = (config: FormConfig) => (showsVideo(config) ? VIDEO_CSP : PUBLIC_CSP);

/**
 * The earliest time a deadline closes the form of `config` (ms), or null when none does: the page's
 * document changes then (its message instead of the form), so that state is part of its cache key.
 * Worked out once per published config and variant, as the key is made on every request.
 */
const closings = new WeakMap<FormConfig, Partial<Record<AbVariant, number | null>>>();
function formClosesAt(config: FormConfig, variant: AbVariant): number | null {
  let known = closings.get(config);
  if (!known) closings.set(config, (known = {}));
  let at = known[variant];
  if (at === undefined) {
    at = null;
    for (const section of shownSections(variantConfig(config, variant))) {
      if (section.type !== 'deadline' || section.afterDeadline !== 'closeForm') continue;
      const instant = deadlineInstant(section)?.getTime();
      if (instant !== undefined && (at === null || instant < at)) at = instant;
    }
    known[variant] = at;
  }
  return at;
}

/** Whether a deadline has closed the form of `form` for a visitor of `variant` at `now` (closingDeadline, from memory). */
function formClosed(form: Pick<LiveForm, 'config'>, variant: AbVariant | null | undefined, now = Date.now()): boolean {
  const at = formClosesAt(form.config, variant ?? 'a');
  return at !== null && at <= now;
}

type LandingExtra = Partial<Pick<LandingPageProps, 'errors' | 'values' | 'formError' | 'state' | 'typo'>>;

/** Everything the public face shows: each kind knows its document and its Content-Security-Policy. */
export type PublicView =
  /** The published page as first served: cached per published version, with pixels and script. */
  | {
      kind: 'page';
      form: LiveForm;
      referrer: string;
      acceptEncoding?: string | string[];
      variant?: AbVariant | null;
      /** In a placement's frame on the owner's site (placement-frame.ts): rendered for that frame, not cached. */
      frame?: PlacementFrame;
    }
  /** The page again after a POST (errors, a message), never cached and without tracking. */
  | {
      kind: 'pageAgain';
      form: LiveForm;
      extra: LandingExtra;
      referrer: string;
      /** Hidden fields the form posted that the page again carries on (the visitor's marketing consent). */
      carry?: Record<string, string>;
      secondTry?: boolean;
      variant?: AbVariant | null;
      frame?: PlacementFrame;
    }
  /** `signedUp`: shown in a placement's frame on an allowed site, it tells the loader (placement-frame.ts). */
  | { kind: 'thankYou'; view: ThankYouView; notice?: VisitorThankYouProps['notice']; signedUp?: boolean }
  /** `framing`: the sites that may frame the page the visitor came from (embedding.tsx). */
  | {
      kind: 'notice';
      /** The language its words are in: the page's, or the visitor's when no page is known (notices.ts). */
      language: Language;
      title: string;
      text: string;
      action?: { url: string; fields: Record<string, string>; label: string };
      /** A button that is a plain link (a GET), e.g. back to a page. */
      link?: { url: string; label: string };
      framing?: readonly string[];
    }
  /** A paid page's checkout, for a visitor who submitted it inside a frame (embedding.tsx). */
  | { kind: 'leaveFrame'; url: string; form: LiveForm };

export function createRenderer(deps: {
  secret: string;
  publicOrigin: string;
  appOrigin: string;
  checkout: CheckoutDeps;
  /** PAGE_CACHE_SECONDS: above 0, a page without an A/B test is sent for shared caches (decision 0091). */
  pageCacheSeconds?: number;
}) {
  const sharedCacheControl = `public, max-age=0, s-maxage=${deps.pageCacheSeconds ?? 0}`;
  // A paid page's form ends at the provider's checkout (a 303 there), which its CSP must allow.
  const paidFormAction = `form-action 'self' ${checkoutOrigins(deps.checkout).join(' ')}`;
  // A placement's frame may also be shown by the owner's app: the placement screen previews it there.
  const formCsp = (config: FormConfig, csp = baseCsp(config), inPlacement = false) =>
    allowFraming(config.payment.enabled ? csp.replace("form-action 'self'", paidFormAction) : csp, [
      ...framingOrigins(config),
      ...(inPlacement ? [deps.appOrigin] : []),
    ]);
  const cache = new Map<string, PublishedDocument>();
  /**
   * Whether the page a visitor of `variant` gets is one document for everyone, kept by shared caches:
   * when PAGE_CACHE_SECONDS allows it and no A/B test picks a variant per visitor.
   */
  const sharedPage = (variant: AbVariant | null | undefined) => (deps.pageCacheSeconds ?? 0) > 0 && !variant;
  const variants = createVariants(deps.secret);
  const badgeHref = badgeUrl(deps.appOrigin);
  /**
   * A page's documents are per published version and per what its plan lets it show: the same
   * version is a second document once its workspace's plan adds or takes away the Lodestone link.
   * A page under an A/B test has one per variant (decision 0051). The sites that may frame it change
   * without a new version (the Embed dialog): they are part of the key too. So is whether a deadline
   * has closed its form: from then on its visitors get the document with the deadline's message.
   * A page in several languages has one per language (the form comes in the visitor's).
   */
  const keyOf = (form: LiveForm, variant: AbVariant | null | undefined, now: number) =>
    `${form.id}:${form.version}:${form.config.language}:${showsBadge(form.plan, form.config) ? 'b' : 'n'}:${variant ?? ''}:${framingOrigins(form.config).join(' ')}` +
    (formClosed(form, variant, now) ? ':closed' : '') +
    // Where the workspace reports conversions is named by the page's consent notice.
    (form.conversions?.length ? `:c=${form.conversions.join(',')}` : '') +
    // The captcha's widget carries the workspace's site key, which changes without a new version.
    captchaKey(form);

  /** The page as a visitor of `variant` sees it (an A/B test's B has its own title, description, design and sections), carrying the letter. */
  function landingDocument(
    page: LiveForm,
    extra: LandingExtra,
    withTracking: boolean,
    variant: AbVariant | null | undefined,
    now: number,
    frame?: PlacementFrame,
    carry: Record<string, string> = {},
  ) {
    const form = variant ? { ...page, config: variantConfig(page.config, variant) } : page;
    const preview = frame?.id === 'preview';
    const tracking = withTracking ? pageTracking(form) : null;
    const t = pageWords(form.config);
    const multilingual = isMultilingual(form.config);
    const captcha = pageCaptcha(form);
    const landing = (
      <LandingPage
        t={t}
        config={form.config}
        mode="live"
        action={`/f/${form.id}`}
        honeypotName={RESERVED_NAMES.honeypot}
        hiddenFields={{
          [RESERVED_NAMES.renderedAt]: RENDERED_AT,
          [RESERVED_NAMES.referrer]: REFERRER,
          ...(variant ? { [RESERVED_NAMES.abVariant]: variant } : {}),
          ...(multilingual ? { [RESERVED_NAMES.language]: t.language } : {}),
          ...(frame && !preview ? frameHiddenFields(frame) : {}),
          ...carry,
        }}
        badgeHref={showsBadge(form.plan, form.config) ? badgeHref : undefined}
        languageLinks={multilingual && !frame ? languageLinks(form.config) : undefined}
        now={now}
        compact={frame?.content === 'form'}
        signUpsOff={preview ? PLACEMENT_PREVIEW_NOTE : undefined}
        captcha={captcha}
        {...extra}
      />
    );
    const html = renderDocument({
      ...pageLinkPreview(form, variant, deps.publicOrigin),
      script: 'landing',
      body: tracking ? tracking.wrap(landing) : landing,
      css: tracking?.css,
      framed: frame !== undefined || framingOrigins(form.config).length > 0,
      language: t.language,
    });
    const csp = captcha ? allowCaptcha(tracking?.csp ?? baseCsp(form.config), captcha) : tracking?.csp;
    return { html, csp: formCsp(form.config, csp, frame !== undefined) };
  }

  function publishedPage(form: LiveForm, variant?: AbVariant | null): PublishedDocument {
    const now = Date.now();
    const key = keyOf(form, variant, now);
    let cached = cache.get(key);
    if (!cached) {
      // A page in several languages is chosen by the browser's too (the link's ?lang= is in the URL).
      const vary = isMultilingual(form.config) ? 'accept-encoding, accept-language' : 'accept-encoding';
      const shared = sharedPage(variant);
      const { html, csp } = landingDocument(form, {}, true, variant, now);
      // The referrer field is left empty for the landing script to fill; the beacon goes last, after the page.
      cached = { key, vary, shared, csp, html: shared ? html.replace('</body>', `${seenBeacon(form.id)}</body>`) : html };
      cache.set(key, cached);
      if (cache.size > 1000) cache.delete(cache.keys().next().value!);
    }
    return cached;
  }

  /** `recheckFrom`: when the request that took a due recheck to Fastify left (undefined: none under way). */
  type KeptFrame = PublishedDocument & { placement: string; checkedAt: number; recheckFrom?: number };
  const frames = new Map<string, KeptFrame>();
  const frameKeyOf = (form: LiveForm, variant: AbVariant | null | undefined, frame: PlacementFrame, now: number) =>
    `${keyOf(form, variant, now)}\n${frame.id}\n${frame.content}\n${frame.host}`;

  /**
   * A page in a placement's frame (placement-frame.ts), rendered once per frame (placement, content,
   * host page) as the page is per version: its form carries the frame's parameters. The placement was
   * checked against the database when the frame was last sent through Fastify; the fast path trusts
   * that check for PLACEMENT_RECHECK_MS, then sends one request to Fastify to check it again
   * (`sentFrame`), so a deleted placement stops being shown within that and one check's time.
   */
  function framedPage(form: LiveForm, variant: AbVariant | null | undefined, frame: PlacementFrame): PublishedDocument {
    const now = Date.now();
    const key = frameKeyOf(form, variant, frame, now);
    let cached = frames.get(key);
    if (!cached) {
      const vary = isMultilingual(form.config) ? 'accept-encoding, accept-language' : 'accept-encoding';
      const document = landingDocument(form, {}, true, variant, now, frame);
      cached = { key, vary, shared: false, placement: frame.id, checkedAt: now, ...document };
      frames.set(key, cached);
      if (frames.size > MAX_FRAMES) frames.delete(frames.keys().next().value!);
    }
    cached.checkedAt = now;
    cached.recheckFrom = undefined;
    return cached;
  }

  /** A placement found deleted: none of its frames is answered from memory again. */
  function forgetPlacement(placement: string) {
    for (const [key, kept] of frames) if (kept.placement === placement) frames.delete(key);
  }

  /** The per-request parts of a landing document: a freshly signed render time and the referrer. */
  const personalise = (html: string, referrer: string, secondTry = false) =>
    html
      .replace(RENDERED_AT, signRenderTime(deps.secret, Date.now(), secondTry))
      .replace(REFERRER, escapeHtml(referrer.slice(0, 500)));

  function documentOf(view: PublicView): { html: string; csp: string } {
    switch (view.kind) {
      case 'page':
        throw new Error('a published page is sent by sendPage');
      case 'pageAgain': {
        const { html, csp } = landingDocument(view.form, view.extra, false, view.variant, Date.now(), view.frame, view.carry);
        return { html: personalise(html, view.referrer, view.secondTry), csp };
      }
      case 'thankYou': {
        const { view: page, notice } = view;
        const verified = page.state === 'verified';
        const framing = normalizeEmbedOrigins(page.embedOrigins);
        const t = visitorWords(page.language);
        const html = renderDocument({
          title: page.heading || t('thanks.title'),
          description: page.leadMagnetName || t('thanks.meta.description'),
          body: <VisitorThankYou {...page} t={t} notice={notice} />,
          language: t.language,
          script: verified ? undefined : 'thankYou',
          noindex: true,
          framed: framing.length > 0,
          signedUp: view.signedUp,
        });
        const csp = allowFraming(PUBLIC_CSP, framing);
        return { html, csp: view.signedUp ? allowSignedUpScript(csp) : csp };
      }
      case 'notice':
        return noticeDocument(view);
      case 'leaveFrame':
        return leaveFrameDocument(view.url, framingOrigins(view.form.config), pageWords(view.form.config));
    }
  }

  /**
   * The published page, precompressed for the visitor's Accept-Encoding (published-page.ts). The
   * headers it leaves with are kept with the document, for the fast path (fast-path.ts).
   */
  function sendPage(reply: FastifyReply, view: Extract<PublicView, { kind: 'page' }>) {
    const doc = view.frame ? framedPage(view.form, view.variant, view.frame) : publishedPage(view.form, view.variant);
    const encoding = pickEncoding(view.acceptEncoding);
    framingHeaders(reply, doc.csp)
      .status(200)
      .header('content-security-policy', doc.csp)
      .header('cache-control', doc.shared ? sharedCacheControl : 'no-store')
      .type('text/html; charset=utf-8');
    doc.headers ??= reusableHeaders(reply.getHeaders());
    reply.header('vary', doc.vary);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(variants(doc, doc.shared ? '' : view.referrer, encoding));
  }

  /** Sends a view: the one way a public page leaves the server, so its CSP always fits what it shows. */
  const render = (reply: FastifyReply, status: number, view: PublicView) =>
    view.kind === 'page' && view.frame?.id !== 'preview'
      ? sendPage(reply, view)
      : sendPublic(reply, status, previewOrDocumentOf(view));
  /** The owner's preview of a placement: no tracking, no sign-up, one document per request. */
  const previewOrDocumentOf = (view: PublicView) => {
    if (view.kind !== 'page') return documentOf(view);
    const { html, csp } = landingDocument(view.form, {}, false, view.variant, Date.now(), view.frame);
    return { html: personalise(html, view.referrer), csp };
  };
  /** The rendered document of a live page's version, if this server has sent it through `render` already. */
  const sentPage = (form: LiveForm, variant?: AbVariant | null) => {
    const doc = cache.get(keyOf(form, variant, Date.now()));
    return doc?.headers ? doc : undefined;
  };
  /** The rendered document of a page in `frame`, if this server sent it through `render` (and so checked its placement) lately. */
  const sentFrame = (form: LiveForm, variant: AbVariant | null | undefined, frame: PlacementFrame) => {
    const now = Date.now();
    const doc = frames.get(frameKeyOf(form, variant, frame, now));
    if (!doc?.headers) return undefined;
    if (now - doc.checkedAt < PLACEMENT_RECHECK_MS) return doc;
    // Due for a check: this request takes it to Fastify, and the frame's other visitors meanwhile
    // are answered from memory, not sent to queue behind the same database read (which, with every
    // request of a busy frame doing it at once, was its slowest answers).
    if (doc.recheckFrom !== undefined && now - doc.recheckFrom < PLACEMENT_RECHECK_WAIT_MS) return doc;
    doc.recheckFrom = now;
    return undefined;
  };
  return Object.assign(render, { sentPage, sentFrame, forgetPlacement, body: variants, sharedPage });
}

/** How long the fast path trusts a frame's placement as checked when Fastify last sent it. */
export const PLACEMENT_RECHECK_MS = 10_000;
/** How long a check under way lets a frame's other requests be answered from memory: a check that takes longer (the database slow or down) is tried again by the next request. */
export const PLACEMENT_RECHECK_WAIT_MS = 1_000;
/** Frames kept rendered (one per placement and host page): beyond it, the oldest goes. */
const MAX_FRAMES = 200;

/** The captcha part of a page's cache key: empty for a page without one, so its key is as it was. */
const captchaKey = (form: LiveForm) => {
  const captcha = pageCaptcha(form);
  return captcha ? `:k=${captcha.provider}:${captcha.siteKey}` : '';
};

/** The page's address in each of its languages, in the order of Lodestone's list, each named in itself. */
const languageLinks = (config: FormConfig) => {
  const spoken = new Set(pageLanguages(config));
  return LANGUAGES.filter((l) => spoken.has(l.code)).map((l) => ({
    code: l.code,
    name: l.native,
    href: `?lang=${l.code}`,
    current: l.code === config.language,
  }));
};

export function sendPublic(reply: FastifyReply, status: number, { html, csp }: { html: string; csp: string }) {
  return framingHeaders(reply, csp)
    .status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

type NoticeView = Omit<Extract<PublicView, { kind: 'notice' }>, 'kind'>;

/** A short page that says what happened, optionally with one button (a POST with hidden fields, or a link). */
export function noticeDocument(view: NoticeView) {
  const body = (
    <div className="ls-page">
      <main className="ls-container">
        <header className="ls-header">
          <h1 className="ls-title">{view.title}</h1>
          <p className="ls-description">{view.text}</p>
        </header>
        {view.action && (
          <div className="ls-card">
            <form method="post" action={view.action.url} className="ls-form">
              {Object.entries(view.action.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button className="ls-button" type="submit">
                {view.action.label}
              </button>
            </form>
          </div>
        )}
        {view.link && (
          <div className="ls-card">
            <a className="ls-button" href={view.link.url}>
              {view.link.label}
            </a>
          </div>
        )}
      </main>
    </div>
  );
  const framing = normalizeEmbedOrigins(view.framing);
  return {
    html: renderDocument({
      title: view.title,
      description: view.text,
      body,
      noindex: true,
      framed: framing.length > 0,
      language: view.language,
    }),
    csp: allowFraming(PUBLIC_CSP, framing),
  };
}

export type Render = ReturnType<typeof createRenderer>;
