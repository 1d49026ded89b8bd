import type { FastifyInstance } from 'fastify';
import { STORAGE_RETRY_AFTER_SECONDS } from '@/domain/api-errors';
import { pageRemoved, type PublicPages } from '@/server/features/public-pages/index';
import { DOWNLOAD_LINK_DAYS, type LeadDeps, links } from '@/server/features/submissions';
import { damagedLink } from '@/server/features/visitor-journey/index';
import { attachmentDisposition } from '@/server/lib/content-disposition';
import { StorageUnavailable, type Storage } from '@/server/lib/storage';
import { download } from './download.js';
import { downloadName } from './files.js';

/** The download links of the visitors' emails, on the public face: the page's file, while the lead may have it. */
export function fileDownloadRoutes(app: FastifyInstance, services: LeadDeps & { storage: Storage; publicPages: PublicPages }) {
  const { db, tokens, publicOrigin, appOrigin, storage } = services;
  const { render } = services.publicPages;
  const deps: LeadDeps = { db, tokens, publicOrigin, appOrigin };

  app.get<{ Params: { token: string } }>('/d/:token', async (request, reply) => {
    const outcome = await download(deps, request.params.token);
    switch (outcome.kind) {
      case 'unknown':
        return damagedLink(render, db, request, reply, 'download link', request.params.token);
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
        return pageRemoved(render, reply, 'This file is no longer available');
      case 'locked':
        return render(reply, 403, {
          kind: 'notice',
          title: 'Download not available',
          text: 'This download needs a confirmed email address (and, on paid pages, a completed payment). Your thank-you page shows what is missing.',
        });
      case 'file': {
        const body = await storage.read(outcome.file.storageKey).catch((err: unknown) => {
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
