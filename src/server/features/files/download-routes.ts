import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_RETRY_AFTER_SECONDS } from '@/domain/api-errors';
import { paidDownloadMessages, stampText } from '@/domain/paid-orders';
import { pageRemoved, type PublicPages } from '@/server/features/public-pages/index';
import { DOWNLOAD_LINK_DAYS, type LeadDeps, links, paidPurchaseOf } from '@/server/features/submissions';
import { damagedLink } from '@/server/features/visitor-journey/index';
import { attachmentDisposition } from '@/server/lib/content-disposition';
import { createRateLimiter, ipBucket, type RateRule } from '@/server/lib/rate-limiter';
import { StorageUnavailable, type Storage } from '@/server/lib/storage';
import { download } from './download.js';
import { downloadName, kindOfFile } from './files.js';
import { giveBackDownload, noteStampFailure, paidDownload, sendFreshLink, type PaidDownloadOutcome } from './paid-download.js';
import { STAMP_MAX_BYTES, stampPdf, UnstampablePdf } from './stamp.js';

/** "Email me a fresh link": per purchase and per sender, on top of the email only ever going to the buyer. */
export const FRESH_LINK_LIMITS = {
  perPurchase: { name: 'fresh-link', limit: 3, windowSeconds: 3600 },
  perIp: { name: 'fresh-link-ip', limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

type File = Extract<PaidDownloadOutcome, { kind: 'file' }>['file'];

/** The download links of the visitors' emails, on the public face: the page's file, while the lead may have it. */
export function fileDownloadRoutes(app: FastifyInstance, services: LeadDeps & { storage: Storage; publicPages: PublicPages }) {
  const { db, tokens, publicOrigin, appOrigin, storage } = services;
  const { render } = services.publicPages;
  const deps: LeadDeps = { db, tokens, publicOrigin, appOrigin };
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'the fresh-link rate limiter failed') });

  const read = (key: string) =>
    storage.read(key).catch((err: unknown) => {
      if (err instanceof StorageUnavailable) return null;
      throw err;
    });

  const storeAway = (request: FastifyRequest, reply: FastifyReply) => {
    // The file store is away (decision 0068): a page to come back to, not an error; the link keeps working.
    request.log.warn('the file store did not answer a download');
    reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    return render(reply, 503, {
      kind: 'notice',
      title: 'Your download is not ready just now',
      text: 'We could not fetch the file this moment. Nothing is wrong with your link: please try again in a minute.',
      link: { url: request.url, label: 'Try the download again' },
    });
  };

  const send = (reply: FastifyReply, file: File, name: string, body: unknown, size: number) =>
    reply
      .type(file.contentType)
      .header('content-disposition', attachmentDisposition(downloadName(name, file)))
      .header('content-length', size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(body);

  /** A paid download: counted, and a PDF stamped for its buyer (the stored original untouched). */
  async function servePaid(
    request: FastifyRequest,
    reply: FastifyReply,
    link: { paymentId: string; version: number },
    token: string,
  ) {
    const outcome = await paidDownload(deps, link);
    const fresh = { url: '/d/fresh', fields: { t: token }, label: paidDownloadMessages.freshButton };
    switch (outcome.kind) {
      case 'gone':
        return pageRemoved(render, reply, 'This file is no longer available');
      case 'locked':
        return locked(reply);
      case 'limit':
        return render(reply, 403, {
          kind: 'notice',
          title: paidDownloadMessages.limitTitle,
          text: paidDownloadMessages.limit(outcome.limit),
          action: fresh,
        });
      case 'expired':
        return render(reply, 410, {
          kind: 'notice',
          title: paidDownloadMessages.expiredTitle,
          text: paidDownloadMessages.expired(outcome.days),
          action: fresh,
        });
      case 'stale':
        return render(reply, 410, {
          kind: 'notice',
          title: paidDownloadMessages.staleTitle,
          text: paidDownloadMessages.stale,
          action: fresh,
        });
      case 'file': {
        const { file, payment } = outcome;
        const body = await read(file.storageKey);
        if (!body) {
          await giveBackDownload(db, payment);
          return storeAway(request, reply);
        }
        if (kindOfFile(file) !== 'pdf') return send(reply, file, outcome.name, body, file.size);
        // Delivered as it is when it cannot be stamped; the owner is told once per file.
        const unstamped = async (reason: string) => {
          request.log.warn({ formId: payment.formId, reason }, 'a paid PDF could not be stamped');
          const where = { formId: payment.formId, workspaceId: payment.workspaceId };
          await noteStampFailure({ db, appOrigin }, { ...where, file: { storageKey: file.storageKey, name: file.name }, reason });
        };
        // Too large to hold in memory and stamp: streamed as stored, never buffered.
        if (file.size > STAMP_MAX_BYTES) {
          await unstamped(new UnstampablePdf(tooLargeReason).message);
          return send(reply, file, outcome.name, body, file.size);
        }
        const original = await bufferOf(body);
        try {
          const stamped = await stampPdf(original, stampText(outcome.buyer.email, outcome.buyer.orderNumber));
          return send(reply, file, outcome.name, Buffer.from(stamped), stamped.byteLength);
        } catch (err) {
          if (!(err instanceof UnstampablePdf)) throw err;
          await unstamped(err.message);
          return send(reply, file, outcome.name, original, original.byteLength);
        }
      }
    }
  }

  const locked = (reply: FastifyReply) =>
    render(reply, 403, {
      kind: 'notice',
      title: 'Download not available',
      text: 'This download needs a confirmed email address (and, on paid pages, a completed payment). Your thank-you page shows what is missing.',
    });

  app.get<{ Params: { token: string } }>('/d/:token', async (request, reply) => {
    const token = request.params.token;
    const paid = tokens.verifyPaidDownload(token);
    if (paid) return servePaid(request, reply, paid, token);
    const outcome = await download(deps, token);
    switch (outcome.kind) {
      case 'unknown':
        return damagedLink(render, db, request, reply, 'download link', token);
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
        return locked(reply);
      case 'purchase': {
        const purchase = await paidPurchaseOf(db, outcome.leadId);
        if (!purchase) return locked(reply);
        const link = { paymentId: purchase.id, version: purchase.downloadLinkVersion };
        return servePaid(request, reply, link, tokens.signPaidDownload(link.paymentId, link.version));
      }
      case 'file': {
        const body = await read(outcome.file.storageKey);
        if (!body) return storeAway(request, reply);
        return send(reply, outcome.file, outcome.name, body, outcome.file.size);
      }
    }
  });

  /**
   * "Email me a fresh link". The answer is the same whatever the link, the purchase or the limits:
   * it tells nobody whether a purchase exists, and the link goes only to the buyer's address.
   */
  app.post<{ Body: { t?: unknown } }>('/d/fresh', async (request, reply) => {
    const token = typeof request.body?.t === 'string' ? request.body.t : '';
    const link = tokens.verifyPaidDownload(token);
    const ip = tokens.hashValue('rate-ip', ipBucket(request.ip));
    const allowed =
      link !== null &&
      (await limiter.hit(FRESH_LINK_LIMITS.perIp, ip)).allowed &&
      (await limiter.hit(FRESH_LINK_LIMITS.perPurchase, link.paymentId)).allowed;
    if (link && allowed) await sendFreshLink(deps, link.paymentId);
    return render(reply, 200, {
      kind: 'notice',
      title: paidDownloadMessages.freshSentTitle,
      text: paidDownloadMessages.freshSent,
    });
  });
}

const tooLargeReason = `it is larger than ${STAMP_MAX_BYTES / 1024 / 1024} MB, the most Lodestone stamps.`;

/** A stored file's bytes, for a file at most STAMP_MAX_BYTES long. */
async function bufferOf(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
