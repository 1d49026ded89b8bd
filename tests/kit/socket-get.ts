import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PUBLIC_HOST } from '@tests/setup/app';
import { BROWSER_UA } from './visitor.js';

// Requests over a real socket to a listening test app, as a browser on the pages host sends them:
// what the fast path answers never reaches inject().

/** An answer read in full, its body as sent (compressed or not). */
export interface SocketAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET (or `method`) of `path` on 127.0.0.1:`port`, Host the pages host and a browser's user agent unless `headers` say otherwise. */
export function socketGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The answer's body as text, decompressed by its Content-Encoding. */
export const answerText = (a: SocketAnswer) =>
  (a.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(a.body)
    : a.headers['content-encoding'] === 'gzip'
      ? gunzipSync(a.body)
      : a.body
  ).toString();
