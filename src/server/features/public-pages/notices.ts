import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '@/domain/i18n/languages';
import { askedLanguage, visitorWords } from '@/server/lib/visitor-words';
import { noticeDocument, type Render, sendPublic } from './render.js';

// The public face's notices that more than one feature shows (the page, the sign-up, the visitor's
// links): rendered the same way whichever route answers, in the page's language when the route
// knows the page, else in the visitor's (docs/decisions/0085).

/** The public face's 404, for this face's routes and the server's not-found handler alike: no page is known. */
export function publicNotFound(reply: FastifyReply) {
  const t = visitorWords(askedLanguage(reply.request));
  return sendPublic(
    reply,
    404,
    noticeDocument({ language: t.language, title: t('notice.notFound.title'), text: t('notice.notFound.text') }),
  );
}

/** A page that is not live: 410, in its language, when its owner took it offline; otherwise the 404. */
export function pageGoneOrMissing(render: Render, reply: FastifyReply, lookup: { status: 404 | 410; language?: Language }) {
  if (lookup.status === 404) return publicNotFound(reply);
  const t = visitorWords(lookup.language);
  return render(reply, 410, {
    kind: 'notice',
    language: t.language,
    title: t('notice.offline.title'),
    text: t('notice.offline.text'),
  });
}

/**
 * A link we made, to something of a page its owner has since deleted (`what`: the page, or its
 * file), in that page's language when it could still be read, else the visitor's.
 */
export function pageRemoved(render: Render, reply: FastifyReply, language?: Language, what: 'page' | 'file' = 'page') {
  const t = visitorWords(language ?? askedLanguage(reply.request));
  return render(reply, 410, {
    kind: 'notice',
    language: t.language,
    title: t(what === 'file' ? 'download.gone.title' : 'notice.offline.title'),
    text: t('notice.removed.text'),
  });
}

/** 429 with Retry-After on a notice page. */
export function tooManyAttempts(
  render: Render,
  reply: FastifyReply,
  seconds: number,
  language: Language | undefined,
  framing?: readonly string[],
) {
  reply.header('retry-after', String(seconds));
  const t = visitorWords(language);
  return render(reply, 429, {
    kind: 'notice',
    language: t.language,
    title: t('notice.tooMany.title'),
    text: t('notice.tooMany.text', { seconds }),
    framing,
  });
}

/** What a browser posts without JavaScript (the sign-up, a code, a new link), as an object of fields. */
export function parseFormBodies(face: FastifyInstance) {
  face.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
