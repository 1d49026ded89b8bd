import type { FastifyInstance, FastifyReply } from 'fastify';
import { noticeDocument, type Render, sendPublic } from './render.js';

// The public face's notices that more than one feature shows (the page, the sign-up, the visitor's
// links): rendered the same way whichever route answers.

/** The public face's 404, for this face's routes and the server's not-found handler alike. */
export const publicNotFound = (reply: FastifyReply) =>
  sendPublic(
    reply,
    404,
    noticeDocument({ title: 'Page not found', text: 'This page does not exist or is no longer published.' }),
  );

/** A page that is not live: 410 when its owner took it offline, otherwise the 404. */
export const pageGoneOrMissing = (render: Render, reply: FastifyReply, status: 404 | 410) =>
  status === 410
    ? render(reply, 410, {
        kind: 'notice',
        title: 'This page is no longer available',
        text: 'The owner has taken this page offline.',
      })
    : publicNotFound(reply);

/** A link we made, to something of a page its owner has since deleted. */
export const pageRemoved = (render: Render, reply: FastifyReply, title = 'This page is no longer available') =>
  render(reply, 410, { kind: 'notice', title, text: 'The page it came from was removed by its owner.' });

/** 429 with Retry-After on a notice page. */
export function tooManyAttempts(render: Render, reply: FastifyReply, seconds: number, framing?: readonly string[]) {
  reply.header('retry-after', String(seconds));
  const text = `Too many attempts. Please wait ${seconds} seconds and try again.`;
  return render(reply, 429, { kind: 'notice', title: 'Too many attempts', text, framing });
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
