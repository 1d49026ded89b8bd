import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE } from '@/domain/i18n/languages';
import type { Translate } from '@/domain/i18n/translate';
import { apiErrorHandler } from '@/server/lib/error-handler';
import { MAX_BODY_DEPTH, TOO_DEEP_MESSAGE } from '@/server/lib/json-depth';
import { askedLanguage, visitorWords } from '@/server/lib/visitor-words';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/server/lib/database-unavailable';
import { HttpError } from '@/server/lib/http-errors';
import { noticeDocument, sendPublic } from './render.js';

/**
 * The public face's errors (house rule 10). A visitor's browser (one that accepts HTML: every page
 * load and form post) gets a page that says what happened, in the page's own look: a failure on our
 * side (the database down, a bug) as such, without the details, which are logged. Anything else (a
 * payment provider's webhook, a script) gets the API's JSON error as before.
 */
export function publicErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(request.headers.accept ?? '').includes('text/html')) return apiErrorHandler(error, request, reply);
  const away = isDatabaseUnavailable(error);
  const status = away ? 503 : error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
  // The page a failure happened on is not at hand here: the visitor's language (docs/decisions/0085).
  const t = visitorWords(askedLanguage(request));
  if (status >= 500) {
    if (away) {
      // A wait, not a fault (docs/decisions/0067): the browser is told when to come back.
      request.log.warn({ err: error }, 'the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else request.log.error(error);
    return sendPublic(
      reply,
      status,
      noticeDocument({ language: t.language, title: t('error.unavailable.title'), text: t('error.unavailable.text') }),
    );
  }
  return sendPublic(
    reply,
    status,
    noticeDocument({ language: t.language, title: t('error.badRequest.title'), text: badRequestText(error, t) }),
  );
}

/**
 * What was wrong with a request: a body nested too deep said as such; another refusal's own message
 * only in English, the language it is written in; else that the browser sent something unreadable.
 */
function badRequestText(error: FastifyError, t: Translate): string {
  if (error instanceof HttpError && error.message === TOO_DEEP_MESSAGE)
    return t('error.badRequest.passthrough', { max: MAX_BODY_DEPTH });
  if (error instanceof HttpError && t.language === DEFAULT_LANGUAGE) return error.message;
  return t('error.badRequest.text');
}
