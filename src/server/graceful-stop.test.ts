import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { cookieFrom, multipartFile } from '@tests/kit/owner';
import { pdfBytes, publishableConfig, uniqueEmail } from '@tests/kit/data';
import { APP_HOST, PUBLIC_HOST } from '@tests/kit/hosts';
import { type SmtpSink, startSmtpSink } from '@tests/setup/smtp-sink';
import { startEmbeddedPostgres } from './db/embedded.js';
import { buildServerCopy } from '@tests/kit/built-server';
import { freePort, ownerApi } from '@tests/kit/server-process';

/*
 * The production server (built as `npm run build` builds it, into a directory of this test's own,
 * serving the web fixture) stopped by SIGTERM while a request and a job are in flight: both finish,
 * then it exits 0 with its embedded PostgreSQL shut down cleanly (docs/decisions/0056).
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let work: string;
let entry: string;
let dataDir: string;
let sink: SmtpSink;
const owner = { name: 'Ada Owner', email: uniqueEmail('graceful'), password: 'correct-horse-42', cookie: '' };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'lodestone-graceful-'));
  chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as the postgres user
  const root = path.join(work, 'app');
  entry = buildServerCopy(root);
  dataDir = path.join(work, 'data');
  sink = await startSmtpSink();
}, 120_000);

afterAll(async () => {
  await sink?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Server {
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://${APP_HOST}`,
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { port, child, output: () => output, exited };
  const deadline = Date.now() + 90_000;
  while ((await call(server, { path: '/healthz' }).catch(() => null))?.status !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(100);
  }
  return server;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** One request to the server's port, on the app's host unless `host` says otherwise; `write` sends the body. */
function call(
  server: Pick<Server, 'port'>,
  options: {
    method?: string;
    path: string;
    host?: string;
    headers?: Record<string, string | number>;
    body?: string | Buffer;
    agent?: Agent;
    write?: (req: ReturnType<typeof request>) => Promise<void>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        headers: { host: options.host ?? APP_HOST, 'user-agent': BROWSER, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, socket: req.socket! }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.write) options.write(req).catch(reject);
    else req.end(options.body);
  });
}

/**
 * Resolves with the connection's error code once a new TCP connection to `port` fails. A connection
 * that was waiting in the listening socket's backlog as the server closed it is reset by the kernel
 * (ECONNRESET): that one raced the close, so the next attempt tells.
 */
async function refusedAt(port: number): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const code = await new Promise<string | null>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(null)));
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    if (code && code !== 'ECONNRESET') return code;
    await sleep(50);
  }
  return 'still accepting';
}

/** Queries the embedded database in DATA_DIR (the server being stopped), then stops it again. */
async function inDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), () => undefined);
  const client = new pg.Client({ ...postgres.connection, database: 'lodestone' });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await postgres.stop();
  }
}

const serverLog = () => readFileSync(path.join(dataDir, 'postgres/server.log'), 'utf8');

it(
  'answers the request in flight, lets the running job finish, flushes the views, then stops PostgreSQL and exits 0',
  { timeout: 180_000 },
  async () => {
    const server = await startServer();
    const signUp = await call(server, {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      headers: { origin: `http://${APP_HOST}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: owner.name, email: owner.email, password: owner.password }),
    });
    expect(signUp.status).toBe(200);
    owner.cookie = cookieFrom(signUp.headers['set-cookie']);
    const file = await ownerApi(server, owner, 'POST', '/api/files', multipartFile(pdfBytes()));
    const form = await ownerApi(server, owner, 'POST', '/api/forms', {
      config: publishableConfig(file as Parameters<typeof publishableConfig>[0]),
    });
    await ownerApi(server, owner, 'POST', `/api/forms/${String(form.id)}/publish`);

    // A job mid-way: the password-reset email, which the mail server holds without answering.
    const held = sink.stallNextTo(owner.email);
    const reset = await call(server, {
      method: 'POST',
      path: '/api/auth/request-password-reset',
      headers: { origin: `http://${APP_HOST}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, redirectTo: '/reset-password' }),
    });
    expect(reset.status).toBe(200);
    const mail = await held;

    // A keep-alive connection, idle after its request.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await call(server, { path: '/healthz', agent: keepAlive });
    let idleClosedAt = 0;
    idle.socket.once('close', () => (idleClosedAt = performance.now()));

    // A request in flight, on a keep-alive connection as browsers and proxies send them: an upload
    // whose second half the client sends only after SIGTERM.
    const upload = multipartFile(pdfBytes(3 * 1024 * 1024), 'slow.pdf');
    const half = upload.payload.length / 2;
    let sendRest: () => void = () => undefined;
    const restMaySend = new Promise<void>((resolve) => (sendRest = resolve));
    const uploaded = call(server, {
      method: 'POST',
      path: '/api/files',
      agent: new Agent({ keepAlive: true }),
      headers: {
        origin: `http://${APP_HOST}`,
        cookie: owner.cookie,
        ...upload.headers,
        'content-length': upload.payload.length,
      },
      write: async (req) => {
        req.write(upload.payload.subarray(0, half));
        await restMaySend;
        // The rest, slowly: 8 pieces, 100 ms apart.
        const piece = Math.ceil((upload.payload.length - half) / 8);
        for (let at = half; at < upload.payload.length; at += piece) {
          req.write(upload.payload.subarray(at, at + piece));
          await sleep(100);
        }
        req.end();
      },
    });
    // A page view just before the signal: counted in memory, written within 250 ms or at the stop.
    const page = await call(server, { path: `/f/${String(form.id)}`, host: PUBLIC_HOST });
    expect(page.status).toBe(200);
    await sleep(200); // the first half is with the server

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    expect(await refusedAt(server.port)).toBe('ECONNREFUSED');
    await vi.waitFor(() => expect(idleClosedAt, 'the idle keep-alive connection closed').toBeGreaterThan(0), { timeout: 5000 });
    expect(server.child.exitCode).toBeNull();

    sendRest();
    const answer = await uploaded;
    const answeredAt = performance.now();
    expect(answer.status).toBe(201);
    // Kept alive by the client, its connection is closed by the server once answered.
    expect(answer.headers.connection).toBe('keep-alive');
    if (!answer.socket.destroyed) await once(answer.socket, 'close');
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'slow.pdf', size: 3 * 1024 * 1024 });
    expect(idleClosedAt).toBeLessThan(answeredAt);
    expect(answeredAt - signalledAt).toBeGreaterThan(700); // it was answered after the signal, in full

    // The email's job still holds the stop.
    await sleep(500);
    expect(server.child.exitCode).toBeNull();
    mail.accept();
    expect(await server.exited).toBe(0);
    const output = server.output();
    expect(output).toContain('[lodestone] SIGTERM received, stopping');
    expect(output).toMatch(/\[lodestone\] stopped in \d+ ms/);
    expect(output).toContain('[lodestone] embedded PostgreSQL stopped');
    expect(sink.accepted.some((m) => m.to.includes(owner.email))).toBe(true);

    // PostgreSQL was shut down, not killed: no lock left, and its log ends with the clean shutdown.
    expect(existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    expect(serverLog().trimEnd().split('\n').at(-1)).toContain('database system is shut down');
    const after = await inDatabase(async (client) => ({
      views: (await client.query('select views from form_stat_totals where form_id = $1', [form.id])).rows[0]?.views,
      file: (await client.query('select size from files where name = $1', ['slow.pdf'])).rows[0]?.size,
      emailJobs: (await client.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'send_email'`))
        .rows[0]?.n,
      delivered: (await client.query('select count(*)::int as n from email_deliveries')).rows[0]?.n,
    }));
    expect(after).toEqual({ views: 1, file: 3 * 1024 * 1024, emailJobs: 0, delivered: 1 });
    expect(serverLog()).not.toMatch(/not properly shut down|automatic recovery/);
  },
);

it(
  'exits with 1 once SHUTDOWN_TIMEOUT has passed with a job still running, and stops PostgreSQL all the same',
  { timeout: 120_000 },
  async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: '2' });
    const held = sink.stallNextTo(owner.email); // never answered
    const reset = await call(server, {
      method: 'POST',
      path: '/api/auth/request-password-reset',
      headers: { origin: `http://${APP_HOST}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, redirectTo: '/reset-password' }),
    });
    expect(reset.status).toBe(200);
    await held;
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = performance.now() - signalledAt;
    expect(took).toBeGreaterThan(2000);
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain('[lodestone] still stopping 2 s after SIGTERM');
    expect(existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  },
);
