import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { signRenderTime } from '@/server/lib/fill-time';
import { pdfBytes, publishableConfig, uniqueEmail } from './data.js';
import { APP_HOST, PUBLIC_HOST } from './hosts.js';
import { cookieFrom, multipartFile } from './owner.js';
import { BROWSER_UA } from './visitor.js';

/** The SECRET a server started by `startServerProcess` signs with (a visitor's fill time, `submitLead`). */
export const PROCESS_SECRET = 'process-secret-process-secret-0123456789';

/** A built server (tests/kit/built-server.ts) running as its own process. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Sends SIGTERM (if still running) and waits for the exit. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux's /proc). A port
 * found free can be taken by another test's server before this one binds it: that server would
 * answer /healthz in its place.
 */
export function listensOn(pid: number | undefined, port: number): boolean {
  if (pid === undefined) return false;
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1] === local && cols[3] === '0A')
    .map((cols) => `socket:[${cols[9]}]`);
  if (inodes.length === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return false; // the process is gone
  }
}

/** Starts the built server at `entry` on DATA_DIR `dataDir`; resolves once it answers /healthz with 200 on its port. */
export async function startServerProcess(
  entry: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://${APP_HOST}`,
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      DATA_DIR: dataDir,
      SECRET: PROCESS_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    port,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  while ((await call(server, { path: '/healthz' }).catch(() => null))?.status !== 200 || !listensOn(child.pid, port)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(100);
  }
  return server;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to the server's port, on the app's host unless `host` says otherwise. */
export function call(
  server: Pick<ServerProcess, 'port'>,
  options: { method?: string; path: string; host?: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: { host: options.host ?? APP_HOST, 'user-agent': BROWSER_UA, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface ProcessOwner {
  email: string;
  cookie: string;
}

/** A write through the owner's API (JSON, or a multipart upload), as the app's page sends it. */
export async function ownerApi(
  server: Pick<ServerProcess, 'port'>,
  owner: ProcessOwner,
  method: string,
  pathname: string,
  body?: object | ReturnType<typeof multipartFile>,
): Promise<Record<string, unknown>> {
  const multipart = body && 'payload' in body ? body : undefined;
  const payload = multipart ? multipart.payload : body ? JSON.stringify(body) : undefined;
  const res = await call(server, {
    method,
    path: pathname,
    headers: {
      origin: `http://${APP_HOST}`,
      cookie: owner.cookie,
      ...(multipart ? multipart.headers : payload ? { 'content-type': 'application/json' } : {}),
    },
    body: payload,
  });
  if (res.status >= 300) throw new Error(`${method} ${pathname} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/** Signs up a new owner through the API. */
export async function signUpOwner(server: Pick<ServerProcess, 'port'>, prefix = 'owner'): Promise<ProcessOwner> {
  const email = uniqueEmail(prefix);
  const res = await call(server, {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    headers: { origin: `http://${APP_HOST}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Owner', email, password: 'correct-horse-42' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
  return { email, cookie: cookieFrom(res.headers['set-cookie']) };
}

/** Uploads a PDF and publishes a page that gives it away (double opt-in, the default); returns its id. */
export async function publishPage(server: Pick<ServerProcess, 'port'>, owner: ProcessOwner, title?: string): Promise<string> {
  const file = await ownerApi(server, owner, 'POST', '/api/files', multipartFile(pdfBytes()));
  const form = await ownerApi(server, owner, 'POST', '/api/forms', {
    config: publishableConfig(file as Parameters<typeof publishableConfig>[0], title),
  });
  await ownerApi(server, owner, 'POST', `/api/forms/${String(form.id)}/publish`);
  return String(form.id);
}

/** Changes the title of the page `formId` and publishes the change. */
export async function republishTitle(server: Pick<ServerProcess, 'port'>, owner: ProcessOwner, formId: string, title: string) {
  const form = await ownerApi(server, owner, 'GET', `/api/forms/${formId}`);
  await ownerApi(server, owner, 'PUT', `/api/forms/${formId}`, { config: { ...(form.draft as object), title } });
  await ownerApi(server, owner, 'POST', `/api/forms/${formId}/publish`);
}

/** A visitor's sign-up on the published page `formId`, as their browser posts it after 3 seconds. */
export function submitLead(server: Pick<ServerProcess, 'port'>, formId: string, email: string): Promise<Answer> {
  return call(server, {
    method: 'POST',
    path: `/f/${formId}`,
    host: PUBLIC_HOST,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    },
    body: new URLSearchParams({
      email,
      consent: 'yes',
      ls_t: signRenderTime(PROCESS_SECRET, Date.now() - 3000),
      ls_hp: '',
    }).toString(),
  });
}
