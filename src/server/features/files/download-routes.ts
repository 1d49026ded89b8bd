import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_RETRY_AFTER_SECONDS } from '@/domain/api-errors';
import type { Language } from '@/domain/i18n/languages';
import { pageRemoved, type PublicPages } from '@/server/features/public-pages/index';
import { DOWNLOAD_LINK_DAYS, type LeadDeps, links, paidPurchaseOf } from '@/server/features/submissions';
import { damagedLink, pageOfLead } from '@/server/features/visitor-journey/index';
import { attachmentDisposition } from '@/server/lib/content-disposition';
import { askedLanguage, visitorWords } from '@/server/lib/visitor-words';
import { createRateLimiter, ipBucket, type RateRule } from '@/server/lib/rate-limiter';
import { StorageUnavailable, type Storage } from '@/server/lib/storage';
import { download } from './download.js';
import { downloadName, kindOfFile } from './files.js';
import {
  giveBackDownload,
  languageOfPurchase,
  noteStampFailure,
  paidDownload,
  sendFreshLink,
  type PaidDownloadOutcome,
} from './paid-download.js';
import { STAMP_MAX_BYTES, stampLine, stampPdf, UnstampablePdf } from './stamp.js';

/** "Email me a fresh link": per purchase and per sender, on top of the email only ever going to the buyer. */
export const FRESH_LINK_LIMITS = {
  perPurchase: { name: 'fresh-link', limit: 3, windowSeconds: 3600 },
  perIp: { name: 'fresh-link-ip', limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

type File = Extract<PaidDownloadOutcome, { kind: 'file' }>['file'];

/**
 * The download links of the visitors' emails, on the public face: the page's file, while the lead
 * may have it. A refused download says why in the page's language.
 */
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

  const storeAway = (request: FastifyRequest, reply: FastifyReply, language: Language | undefined) => {
    // The file store is away (decision 0068): a page to come back to, not an error; the link keeps working.
    request.log.warn('the file store did not answer a download');
    reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    const t = visitorWords(language);
    return render(reply, 503, {
      kind: 'notice',
      language: t.language,
      title: t('download.storeAway.title'),
      text: t('download.storeAway.text'),
      link: { url: request.url, label: t('download.storeAway.button') },
    });
  };

  const send = (reply: FastifyReply, file: File, name: string, language: Language | undefined, body: unknown, size: number) =>
    reply
      .type(file.contentType)
      .header('content-disposition', attachmentDisposition(downloadName(name, file, language)))
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
    const t = visitorWords(outcome.language);
    // Each refusal offers a fresh link, emailed to the buyer.
    const refused = (status: number, title: string, text: string) =>
      render(reply, status, {
        kind: 'notice',
        language: t.language,
        title,
        text,
        action: { url: '/d/fresh', fields: { t: token }, label: t('download.paid.fresh.button') },
      });
    switch (outcome.kind) {
      case 'gone':
        return pageRemoved(render, reply, outcome.language, 'file');
      case 'locked':
        return locked(reply, outcome.language);
      case 'limit':
        return refused(403, t('download.paid.limit.title'), t('download.paid.limit.text', { limit: outcome.limit }));
      case 'expired':
        return refused(410, t('download.expired.title'), t('download.paid.expired.text', { days: outcome.days }));
      case 'stale':
        return refused(410, t('download.paid.stale.title'), t('download.paid.stale.text'));
      case 'file': {
        const { file, payment, language } = outcome;
        const body = await read(file.storageKey);
        if (!body) {
          await giveBackDownload(db, payment);
          return storeAway(request, reply, outcome.language);
        }
        if (kindOfFile(file) !== 'pdf') return send(reply, file, outcome.name, language, body, file.size);
        // Delivered as it is when it cannot be stamped; the owner is told once per file.
        const unstamped = async (reason: string) => {
          request.log.warn({ formId: payment.formId, reason }, 'a paid PDF could not be stamped');
          const where = { formId: payment.formId, workspaceId: payment.workspaceId };
          await noteStampFailure({ db, appOrigin }, { ...where, file: { storageKey: file.storageKey, name: file.name }, reason });
        };
        // Too large to hold in memory and stamp: streamed as stored, never buffered.
        if (file.size > STAMP_MAX_BYTES) {
          await unstamped(new UnstampablePdf(tooLargeReason).message);
          return send(reply, file, outcome.name, language, body, file.size);
        }
        const original = await bufferOf(body);
        try {
          const stamped = await stampPdf(original, stampLine(language, outcome.buyer.email, outcome.buyer.orderNumber));
          return send(reply, file, outcome.name, language, Buffer.from(stamped), stamped.byteLength);
        } catch (err) {
          if (!(err instanceof UnstampablePdf)) throw err;
          await unstamped(err.message);
          return send(reply, file, outcome.name, language, original, original.byteLength);
        }
      }
    }
  }

  const locked = (reply: FastifyReply, language: Language | undefined) => {
    const t = visitorWords(language);
    return render(reply, 403, {
      kind: 'notice',
      language: t.language,
      title: t('download.locked.title'),
      text: t('download.locked.text'),
    });
  };

  app.get<{ Params: { token: string } }>('/d/:token', async (request, reply) => {
    const token = request.params.token;
    const paid = tokens.verifyPaidDownload(token);
    if (paid) return servePaid(request, reply, paid, token);
    const outcome = await download(deps, token);
    switch (outcome.kind) {
      case 'unknown':
        return damagedLink(render, db, request, reply, 'download', token);
      case 'expired': {
        const inbox = new URL(links(deps, outcome.leadId).inbox);
        // An expired link is refused before its lead is read: its page's language is read for this page.
        const t = visitorWords((await pageOfLead(db, outcome.leadId))?.language ?? askedLanguage(request));
        return render(reply, 410, {
          kind: 'notice',
          language: t.language,
          title: t('download.expired.title'),
          text: t('download.expired.text', { days: DOWNLOAD_LINK_DAYS }),
          link: { url: `${inbox.pathname}${inbox.search}`, label: t('download.expired.button') },
        });
      }
      case 'gone':
        return pageRemoved(render, reply, outcome.language, 'file');
      case 'locked':
        return locked(reply, outcome.language);
      case 'purchase': {
        const purchase = await paidPurchaseOf(db, outcome.leadId);
        if (!purchase) return locked(reply, outcome.language);
        const link = { paymentId: purchase.id, version: purchase.downloadLinkVersion };
        return servePaid(request, reply, link, tokens.signPaidDownload(link.paymentId, link.version));
      }
      case 'file': {
        const body = await read(outcome.file.storageKey);
        if (!body) return storeAway(request, reply, outcome.language);
        return send(reply, outcome.file, outcome.name, outcome.language, body, outcome.file.size);
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
    // In the language of the page the purchase was made on, whether or not a link went out.
    const t = visitorWords((link && (await languageOfPurchase(db, link.paymentId))) || askedLanguage(request));
    return render(reply, 200, {
      kind: 'notice',
      language: t.language,
      title: t('download.paid.freshSent.title'),
      text: t('download.paid.freshSent.text'),
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
