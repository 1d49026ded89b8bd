import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEFAULT_DESIGN, type FormConfig, type ImageRef, type LeadMagnetFile } from '@/domain/form-config';
import { templateConfig } from '@/domain/templates';
import { coverPng, logoPng, partnerLogoPng, portraitPng } from '@tests/kit/brand-images';
import { everySection } from '@tests/kit/sections';

// Shared by bench/run.ts and the Lighthouse scripts (bench/lighthouse-lib.ts): a real Lodestone server on its embedded defaults
// (embedded PostgreSQL, dev mailbox) in a throw-away data directory, and an owner who publishes pages.

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A temporary directory other users can enter (the embedded PostgreSQL runs as 'postgres' under root). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export interface RunningServer {
  appUrl: string;
  publicUrl: string;
  dataDir: string;
  /** The server's process id: its threads; with its DATA_DIR's embedded PostgreSQL, what bench/cpu.ts's `serverCpuMs` measures. */
  pid: number;
  /** The server's output so far (for failures). */
  log(): string;
  /** SIGTERM, then wait for the server to stop its HTTP side, job runner and PostgreSQL. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Run the compiled server (dist/server/main.js, as `npm start` does; built first if missing) instead of tsx. */
  compiled?: boolean;
  /** Another checkout to run (e.g. an older commit, for before/after figures); this one by default. */
  root?: string;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const root = options.root ?? ROOT;
  const entry = options.compiled ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  if (options.compiled && !existsSync(path.join(root, 'dist/server/main.js'))) {
    // The server serves the web app too: a checkout that never built gets both, as `npm start` does.
    const script = existsSync(path.join(root, 'dist/web/index.html')) ? 'build:server' : 'build';
    execFileSync('npm', ['run', script], { cwd: root, stdio: 'ignore' });
  }
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const publicUrl = `http://127.0.0.1:${port}`;
  const workDir = tempDir('lodestone-bench-');
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'server.log');
  const out = openSync(logFile, 'a');
  // BENCH_NODE_ARGS: more arguments to the server's node, before its entry (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = code ?? (signal ? -1 : null);
      resolve();
    }),
  );
  const log = () => readFileSync(logFile, 'utf8');

  const server: RunningServer = {
    appUrl,
    publicUrl,
    dataDir,
    pid: child.pid!,
    log,
    async stop() {
      if (exited === undefined) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exit.then(() => true), sleep(30_000, false, { ref: false })]);
        if (!stopped) {
          console.error('the server did not stop within 30 s of SIGTERM; killing it');
          child.kill('SIGKILL');
          await exit;
        }
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) {
      const output = log();
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`the server exited (${exited}) before it was ready:\n${output}`);
    }
    const ok = await fetch(`${appUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not ready within 120 s:\n${log()}`);
    }
    await sleep(250);
  }
}

/** A small file that passes the upload's PDF check. */
export function smallPdf(size = 4096): Buffer {
  const buffer = Buffer.alloc(size, ' ');
  buffer.write('%PDF-1.4\n', 0, 'latin1');
  buffer.write('\n%%EOF\n', size - 7, 'latin1');
  return buffer;
}

export interface Owner {
  /** fetch on the app origin as the signed-in owner (Origin header set, JSON bodies sent as JSON). */
  api(method: string, pathname: string, body?: unknown): Promise<Response>;
}

export async function signUpOwner(appUrl: string, email = `bench-${Date.now()}@example.com`): Promise<Owner> {
  return (await signUpOwnerSession(appUrl, email)).owner;
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

export async function uploadPdf(owner: Owner, pdf: Buffer, name = 'bench.pdf'): Promise<LeadMagnetFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const res = await expectStatus(await owner.api('POST', '/api/files', form), 201, 'POST /api/files');
  return (await res.json()) as LeadMagnetFile;
}

/** Uploads a PNG (a logo or cover) to POST /api/images; the server re-encodes it to WebP. */
export async function uploadImage(owner: Owner, png: Buffer, name = 'image.png'): Promise<ImageRef> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const res = await expectStatus(await owner.api('POST', '/api/images', form), 201, 'POST /api/images');
  return (await res.json()) as ImageRef;
}

/** Creates a page from a template (its starter configuration, docs/product.md#templates) and publishes it; returns its id. */
export async function publishTemplatePage(
  owner: Owner,
  file: LeadMagnetFile,
  slug = 'professional-ebook',
  overrides: Partial<FormConfig> = {},
): Promise<string> {
  const base = templateConfig(slug);
  if (!base) throw new Error(`no template ${slug}`);
  const config: FormConfig = {
    ...base,
    businessName: 'Northwind Press',
    privacyPolicyUrl: 'https://northwind.example/privacy',
    leadMagnet: file,
    ...overrides,
  };
  const created = await expectStatus(await owner.api('POST', '/api/forms', { config }), 201, 'POST /api/forms');
  const { id } = (await created.json()) as { id: string };
  await expectStatus(await owner.api('POST', `/api/forms/${id}/publish`), 200, `POST /api/forms/${id}/publish`);
  return id;
}

/**
 * The heaviest page an owner can make: Professional Ebook with an uploaded logo and a cover beside
 * the form, and every kind of section filled generously (tests/kit/sections.ts) with its photos and
 * logos uploaded too. `design` changes its design (e.g. the form below the hero).
 */
export async function publishSectionsPage(
  owner: Owner,
  file: LeadMagnetFile,
  design: Partial<FormConfig['design']> = {},
  overrides: Partial<FormConfig> = {},
): Promise<string> {
  const upload = async (png: Promise<Buffer>, name: string) => uploadImage(owner, await png, name);
  const [logo, cover, author] = [
    await upload(logoPng(), 'logo.png'),
    await upload(coverPng(), 'cover.png'),
    await upload(portraitPng(3), 'author.png'),
  ];
  const portraits = [
    await upload(portraitPng(0), 'a.png'),
    await upload(portraitPng(1), 'b.png'),
    await upload(portraitPng(2), 'c.png'),
  ];
  const logos: ImageRef[] = [];
  for (let i = 0; i < 5; i++) logos.push(await upload(partnerLogoPng(i), `partner-${i}.png`));
  const template = templateConfig('professional-ebook')!.design;
  return publishTemplatePage(owner, file, 'professional-ebook', {
    design: {
      ...DEFAULT_DESIGN,
      ...template,
      logo,
      cover,
      coverAlt: 'The ebook on a warm backdrop',
      layout: 'left',
      formPlacement: 'beside',
      ...design,
    },
    sections: everySection({ portraits, author, logos }),
    ...overrides,
  });
}

/**
 * Runs SQL on the server's embedded database (its Unix socket in DATA_DIR/postgres), e.g. to put
 * the bench workspace on the Pro plan so it can hold more than the Free plan's 3 pages.
 */
export async function sql(dataDir: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ host: path.join(dataDir, 'postgres'), port: 5432, user: 'postgres', database: 'lodestone' });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A signed-up owner with its session cookies, for a browser (Playwright, Lighthouse) to load the owner's screens. */
export async function signUpOwnerSession(
  appUrl: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<{ owner: Owner; cookies: { name: string; value: string }[] }> {
  const res = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Owner', email, password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair = ''] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const owner: Owner = {
    api(method, pathname, body) {
      const json = body !== undefined && !(body instanceof FormData);
      return fetch(`${appUrl}${pathname}`, {
        method,
        headers: { origin: appUrl, cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
      });
    },
  };
  return { owner, cookies };
}

/**
 * A signed-up owner's session with one published page, for a browser to load the owner's screens:
 * `screenPath` puts the page's id where a path says `{page}` (`/dashboard/forms/{page}` is its analytics).
 */
export async function ownerWithPublishedPage(appUrl: string) {
  const { owner, cookies } = await signUpOwnerSession(appUrl);
  const pageId = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()), 'professional-ebook');
  return { cookies, screenPath: (path: string) => path.replaceAll('{page}', encodeURIComponent(pageId)) };
}
