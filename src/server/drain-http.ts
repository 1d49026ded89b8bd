import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How often, while requests drain, the connections that went idle are closed. */
const SWEEP_MS = 100;

/**
 * Closes the HTTP side for a graceful stop (decision 0056). Fastify's close stops listening (new
 * connections are refused), closes the keep-alive connections that are idle and waits for the
 * requests in flight. But the connection of a request that was in flight stays open once answered,
 * until the client or the keep-alive timeout (72 s) closes it, and the close waits for it. Here
 * every answer begun from now on says `Connection: close`, and connections are closed as soon as
 * they are idle, so the close ends when the last answer has been sent.
 */
export async function drainHttp(app: FastifyInstance): Promise<void> {
  const server = app.server;
  // Before the server's own handler (and the published pages' fast path, which bypasses Fastify's).
  const closeAfterAnswer = (_request: IncomingMessage, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.prependListener('request', closeAfterAnswer);
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    server.off('request', closeAfterAnswer);
  }
}
