import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { escapeHtml } from '@/domain/html';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { devMail } from '@/server/db/schema/index';

// Links in a previewed email open in a tab of their own (target=_blank) or the mailbox's, never inside the frame.
const linksOpenOnTop = (html: string) => html.replace(/<head([^>]*)>/i, '<head$1><base target="_top">');

/**
 * True for a client on this machine. It reads the socket's peer, not request.ip: with TRUST_PROXY
 * request.ip comes from X-Forwarded-For, which anyone can write, and behind a local proxy every
 * client would look local anyway.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return ipaddr.isValid(peer) && ipaddr.process(peer).range() === 'loopback';
}

/**
 * The dev mailbox: every email the server sent while SMTP_URL is unset, newest first. It holds
 * password-reset links, so it answers only clients on this machine: anyone else gets the 404 of a
 * route that does not exist (the server listens on 0.0.0.0 by default). Mounted only without an SMTP
 * server, and never in production.
 */
export function devMailboxRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Pick<Config, 'smtpUrl' | 'env'> }) {
  if (config.smtpUrl || config.env === 'production') return;
  const loopbackOnly = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isLoopbackClient(request)) return reply.callNotFound();
    },
  };
  const newestFirst = () =>
    db
      .select({
        to: devMail.to,
        from: devMail.from,
        replyTo: devMail.replyTo,
        subject: devMail.subject,
        text: devMail.text,
        html: devMail.html,
        createdAt: devMail.createdAt,
      })
      .from(devMail)
      .orderBy(desc(devMail.createdAt))
      .limit(200);

  app.get('/dev/mail.json', loopbackOnly, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return newestFirst();
  });

  app.get('/dev/mail', loopbackOnly, async (_req, reply) => {
    const mails = await newestFirst();
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">${m.from ? `From ${escapeHtml(m.from)} · ` : ''}To ${escapeHtml(m.to)}${m.replyTo ? ` · Reply-To ${escapeHtml(m.replyTo)}` : ''} · ${m.createdAt.toISOString()}</p>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(linksOpenOnTop(m.html))}"></iframe>
  <details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
      )
      .join('\n');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Lodestone</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#111827}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#4b5563;font-size:.875rem}iframe{width:100%;height:420px;border:1px solid #e5e7eb;border-radius:6px}</style></head>
<body><main><h1>Dev mailbox</h1><p>Every email Lodestone sent while no SMTP server is configured (SMTP_URL), newest first.
JSON at <a href="/dev/mail.json">/dev/mail.json</a>.</p>
${items || '<p>No emails yet.</p>'}</main></body></html>`);
  });
}
