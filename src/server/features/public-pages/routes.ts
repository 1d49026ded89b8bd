import type { FastifyInstance, FastifyReply } from 'fastify';

// The visitor-facing host. Published pages (/f/{id}) arrive with the page-publishing issue; until
// then it answers a short notice at / and a plain 404 elsewhere, and never serves the owner's app.
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#111827}
main{text-align:center;padding:1rem}h1{font-size:1.5rem}</style></head>
<body><main>${body}</main></body></html>`;

export function publicPagesRoutes(app: FastifyInstance) {
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(page('Lodestone', '<h1>Lodestone</h1><p>Published landing pages are served from this address.</p>')),
  );
}

export function publicNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(page('Page not found', '<h1>404</h1><p>This page does not exist or is no longer published.</p>'));
}
