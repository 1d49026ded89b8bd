import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseVersionTag } from '@/domain/link-card';
import { askedLanguage, pageWords, visitorWords } from '@/server/lib/visitor-words';
import type { Db } from '@/server/db/client';
import type { DomainMap } from '@/server/features/custom-domains/index';
import { findPagePlacement, formForVisitor, loadLiveForm } from '@/server/features/submissions';
import { FAVICON_SVG } from './document.js';
import { embedScript } from './embedding.js';
import { createLinkImages, LINK_IMAGES_REVISION, type LinkImageKind } from './link-card.js';
import { pageGoneOrMissing, publicNotFound } from './notices.js';
import { placementFrameOf } from './placement-frame.js';
import { SEEN_HEADERS, type PublicPages } from './public-pages.js';
import { SEEN_GIF, SEEN_SUFFIX } from './published-page.js';
import { CUSTOM_DOMAIN_ROBOTS_TXT, ROBOTS_TXT } from './robots.js';
import type { Storage } from '@/server/lib/storage';

// The published page itself, at /f/{id} or a custom domain's root or slug, and what a page loads
// from this host. The sign-up it posts is the visitor journey's (features/visitor-journey), the
// code and link routes double opt-in's, the download links the files' (decision 0073).

/** What a page's address may say: back from a payment, and the language a link names (`?lang=de`). */
type PageQuery = { payment?: string; lang?: string };

export function publicPagesRoutes(
  app: FastifyInstance,
  {
    db,
    publicOrigin,
    publicPages: pages,
    domainMap,
    storage,
  }: { db: Db; publicOrigin: string; publicPages: PublicPages; domainMap: Pick<DomainMap, 'pageBySlug'>; storage: Storage },
) {
  const { render } = pages;
  const notFound = publicNotFound;

  app.get('/favicon.svg', async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );

  // The script of the owner's embed snippet, loaded by other sites (so CORP lets it be read there).
  const embedJs = embedScript(publicOrigin);
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
  app.get<{ Querystring: PageQuery }>('/', async (request, reply) => {
    const domain = request.customDomain;
    if (domain) return domain.homeFormId ? showPage(request, reply, domain.homeFormId) : notFound(reply);
    const t = visitorWords(askedLanguage(request));
    return render(reply, 200, {
      kind: 'notice',
      language: t.language,
      title: t('notice.root.title'),
      text: t('notice.root.text'),
    });
  });

  // A page by its friendly path, on its workspace's custom domains only.
  app.get<{ Params: { slug: string }; Querystring: PageQuery }>('/:slug', async (request, reply) => {
    const domain = request.customDomain;
    const id = domain && domainMap.pageBySlug(domain.workspaceId, request.params.slug.toLowerCase());
    return id ? showPage(request, reply, id) : notFound(reply);
  });

  app.get<{ Params: { id: string }; Querystring: PageQuery }>('/f/:id', async (request, reply) =>
    showPage(request, reply, request.params.id),
  );

  // A shared page's view beacon (decision 0091), when the fast path did not answer it.
  app.get<{ Params: { id: string } }>(`/f/:id${SEEN_SUFFIX}`, async (request, reply) => {
    const form = await loadLiveForm(db, request.params.id);
    if ('status' in form || (request.customDomain && form.workspaceId !== request.customDomain.workspaceId)) {
      return notFound(reply);
    }
    pages.countSeen(form, request.headers, request.ip);
    return reply.headers(SEEN_HEADERS).send(SEEN_GIF);
  });

  // A page's link preview card and its favicon from the logo (docs/decisions/0079): not a view.
  const linkImages = createLinkImages({ storage });
  const linkImageKinds: LinkImageKind[] = ['card.png', 'card.jpg', 'icon.png'];
  for (const kind of linkImageKinds) {
    app.get<{ Params: { id: string }; Querystring: { v?: string } }>(`/f/:id/${kind}`, async (request, reply) => {
      const form = await loadLiveForm(db, request.params.id);
      if ('status' in form) return notFound(reply);
      if (request.customDomain && form.workspaceId !== request.customDomain.workspaceId) return notFound(reply);
      // ?v= names the version (and variant) the page's document pointed at: that address may be kept
      // for good. Without it, or naming an older version, it is the live version's, kept briefly.
      const asked = parseVersionTag(request.query.v);
      const variant = asked?.variant ?? null;
      const image = await linkImages.get(form, variant, kind);
      if (!image) return notFound(reply);
      const etag = `"${kind}-${LINK_IMAGES_REVISION}-${form.id}-${form.version}${variant ? `-${variant}` : ''}"`;
      reply
        .header('etag', etag)
        .header('cache-control', asked?.version === form.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // Read by crawlers and chat apps, and shown by other sites (a shared link's card).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(kind.endsWith('jpg') ? 'image/jpeg' : 'image/png').send(image);
    });
  }

  /** The published page `id` (at /f/{id}, or at a custom domain's root or slug): another workspace's is not found there. */
  async function showPage(request: FastifyRequest<{ Querystring: PageQuery }>, reply: FastifyReply, id: string) {
    const live = await loadLiveForm(db, id);
    if ('status' in live) return pageGoneOrMissing(render, reply, live);
    // A page in several languages: the one the link names, else the browser's best match.
    const form = formForVisitor(live, request.query.lang, request.headers['accept-language']);
    if (request.customDomain && form.workspaceId !== request.customDomain.workspaceId) return notFound(reply);
    const variant = pages.variantFor(form, request.ip, request.headers);
    // Back from the provider without paying: the same page, saying so (not a new view).
    const outcome = request.query.payment;
    if (form.config.payment.enabled && (outcome === 'cancelled' || outcome === 'failed')) {
      const extra = {
        formError: pageWords(form.config)(outcome === 'cancelled' ? 'payment.return.cancelled' : 'payment.return.failed'),
      };
      return render(reply, 200, { kind: 'pageAgain', form, extra, referrer: '', variant });
    }
    // Shown by a placement of this page on the owner's site (an unknown or another page's placement:
    // the page as usual), or the owner's preview of one, which is not a visit.
    const asked = placementFrameOf(new URLSearchParams(request.query as Record<string, string>));
    const frame = asked && (asked.id === 'preview' || (await findPagePlacement(db, form.id, asked.id))) ? asked : undefined;
    if (asked && !frame) render.forgetPlacement(asked.id);
    // A HEAD (a link checker, a monitor) is not a visit. A placement's frame is one, as an embed's
    // is: the page's views and leads stay comparable (its leads count those signing up there).
    // A shared document (decision 0091) is counted by its beacon instead.
    const counted = request.method === 'GET' && frame?.id !== 'preview' && (frame || !render.sharedPage(variant));
    if (counted) pages.countView(form, request.headers, request.ip, variant);
    return render(reply, 200, {
      kind: 'page',
      form,
      variant,
      referrer: String(request.headers.referer ?? ''),
      acceptEncoding: request.headers['accept-encoding'],
      frame,
    });
  }
}
