import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver for tests: records every request (path, headers, raw body) and answers with
 * the status it was told to. Controls:
 *   GET  /_test/received  -> every request recorded, oldest first (JSON)
 *   POST /_test/respond   body {"status": 500, "location"?: "…"} -> answers with it from now on (default 200)
 *   POST /_test/reset     -> forgets what it received, answers 200 again
 *   GET  /_test/health
 */
export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status (and for a 3xx, the Location) every next request gets. */
  respondWith(status: number, location?: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver({ port = 0 }: { port?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: { status: number; location?: string } = { status: 200 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/_test/health') return json(200, { ok: true });
      if (path === '/_test/received') return json(200, received);
      if (path === '/_test/reset' && req.method === 'POST') {
        received.length = 0;
        answer = { status: 200 };
        return json(200, { ok: true });
      }
      if (path === '/_test/respond' && req.method === 'POST') {
        const parsed = JSON.parse(body || '{}') as { status?: number; location?: string };
        answer = { status: parsed.status ?? 200, ...(parsed.location ? { location: parsed.location } : {}) };
        return json(200, answer);
      }
      received.push({ method: req.method ?? 'GET', path, headers: req.headers, body, receivedAt: new Date().toISOString() });
      res.writeHead(answer.status, {
        'content-type': 'text/plain',
        ...(answer.location ? { location: answer.location } : {}),
      });
      res.end(answer.status < 300 ? 'received' : `answering ${answer.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    received,
    respondWith(status, location) {
      answer = { status, ...(location ? { location } : {}) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
