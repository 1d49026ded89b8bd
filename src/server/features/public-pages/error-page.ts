import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorHandler } from '@/server/lib/error-handler';
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
  if (status >= 500) {
    if (away) {
      // A wait, not a fault (docs/decisions/0067): the browser is told when to come back.
      request.log.warn({ err: error }, 'the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else request.log.error(error);
    return sendPublic(
      reply,
      status,
      noticeDocument({
        title: 'This page is unavailable for a moment',
        text: 'Something went wrong on our side, not yours. Please try again in a minute or two.',
      }),
    );
  }
  return sendPublic(
    reply,
    status,
    noticeDocument({
      title: 'Your request could not be read',
      text:
        error instanceof HttpError
          ? error.message
          : 'Your browser sent something this page could not read. Please go back to the page and try again.',
    }),
  );
}
