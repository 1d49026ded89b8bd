import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** An answer read in full. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
  /** The server that answered, when the request went through nginx (the last of X-Upstream's). */
  upstream: string | undefined;
  /** Every server nginx tried, in order (X-Upstream: `a, b` when a could not be reached). */
  upstreams: string[];
}

export interface CallOptions {
  method?: string;
  path: string;
  /** The Host header: which face of Lodestone answers (APP_URL's host or PUBLIC_URL's). */
  host: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
  /** The client's own address (any of 127.0.0.0/8 here): the visitor's address nginx passes on. */
  localAddress?: string;
  timeoutMs?: number;
}

/** One HTTP request to 127.0.0.1:`port` with the Host header `host`, whoever listens there (nginx, A or B). */
export function call(port: number, options: CallOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        localAddress: options.localAddress,
        headers: {
          host: options.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          const header = res.headers['x-upstream'];
          const upstreams = (Array.isArray(header) ? header.join(',') : (header ?? ''))
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text: () => all.toString('utf8'),
            json: <T>() => JSON.parse(all.toString('utf8')) as T,
            upstream: upstreams[upstreams.length - 1],
            upstreams,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method ?? 'GET'} ${options.path}: no answer in time`)));
    req.on('error', reject);
    req.end(body);
  });
}
