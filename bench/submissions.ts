import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import {
  freePort,
  publishTemplatePage,
  ROOT,
  signUpOwner,
  smallPdf,
  sql,
  startServer,
  uploadPdf,
  type RunningServer,
} from './lib';

/*
 * Durable submissions and the emails they cause, each beside its reference, in one run
 * (`node --import tsx bench/submissions.ts`, or `benchSubmissions()` from bench/run.ts):
 *
 *   1. Raw reference: a bare `pg` client per connection on the same embedded PostgreSQL the server
 *      uses (its Unix socket in DATA_DIR/postgres), BEGIN; one INSERT of as many rows as a
 *      submission writes (lead, daily roll-up, submission, consent, job); COMMIT, as many
 *      connections at once as the HTTP run. Transactions/s and p99.
 *   1b. Ceiling: bare node:http + pg (startBareNodePg) answering the same POSTs with one statement of
 *      the same rows, in a process of its own: what any Node server can reach on this machine.
 *   2. Lodestone: POST /f/{id} over several pages, counting only 303 answers (the lead, its consent
 *      record and the email job committed). Each request from its own X-Forwarded-For address
 *      (TRUST_PROXY=true), a valid signed render time, the visitor limits on every request.
 *   3. The email queue: emails sent per second while the submissions arrive, the jobs still queued
 *      when they stop and how long the queue takes to drain; once with the dev mailbox and once
 *      with a local SMTP sink (smtp-server on 127.0.0.1).
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_POST_PAGES
 * (default 20), BENCH_DRAIN_LIMIT (s, default 120), BENCH_SMTP=0 (dev mailbox only). Loopback only; bounded in time.
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POST_PAGES = Number(process.env.BENCH_POST_PAGES ?? 20);
const DRAIN_LIMIT_S = Number(process.env.BENCH_DRAIN_LIMIT ?? 120);
const MIN_FILL_MS = 2000;
const ROWS_PER_SUBMISSION = 5;
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 lodestone-bench';

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export interface Measured {
  rate: number;
  p50: number;
  p99: number;
  count: number;
  other: string;
}

/** The same embedded PostgreSQL as the server's, through its Unix socket. */
function rawClient(dataDir: string) {
  return new pg.Client({ host: path.join(dataDir, 'postgres'), port: 5432, user: 'postgres', database: 'lodestone' });
}

/** Bare pg: BEGIN, one INSERT of ROWS_PER_SUBMISSION rows, COMMIT, on CONNECTIONS clients for DURATION s. */
export async function rawTransactions(dataDir: string, seconds = DURATION, connections = CONNECTIONS): Promise<Measured> {
  await sql(
    dataDir,
    `create table if not exists bench_raw_rows (id uuid primary key default gen_random_uuid(), k text not null, payload jsonb not null, at timestamptz not null default now())`,
  );
  const clients = Array.from({ length: connections }, () => rawClient(dataDir));
  await Promise.all(clients.map((c) => c.connect()));
  const values = Array.from({ length: ROWS_PER_SUBMISSION }, (_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
  const text = `insert into bench_raw_rows (k, payload) values ${values}`;
  const latencies: number[] = [];
  let n = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < end) {
        const t = performance.now();
        const params: unknown[] = [];
        n += 1;
        for (let i = 0; i < ROWS_PER_SUBMISSION; i++)
          params.push(`raw-${n}-${i}`, JSON.stringify({ email: `raw-${n}@example.com`, i }));
        await client.query('begin');
        await client.query(text, params);
        await client.query('commit');
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  await sql(dataDir, 'drop table bench_raw_rows');
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    count: latencies.length,
    other: '-',
  };
}

/**
 * The least a Node server can do for a durable submission here: bare node:http in a child process
 * of its own reads the posted form, writes as many rows as a submission does in one statement
 * (autocommit, as Lodestone's store) through a pool of 12 on the same database, and answers 303.
 * No validation, limits, consent or job: the ceiling of any Node server on this machine, to read
 * Lodestone's rate against beside the raw one.
 */
export async function startBareNodePg(dataDir: string) {
  await sql(
    dataDir,
    `create table if not exists bench_bare_rows (id uuid primary key default gen_random_uuid(), k text not null, payload jsonb not null, at timestamptz not null default now())`,
  );
  const port = await freePort();
  const values = Array.from({ length: ROWS_PER_SUBMISSION }, (_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
  const source = `
    const { createServer } = require('node:http');
    const pg = require('pg');
    const pool = new pg.Pool({ host: ${JSON.stringify(path.join(dataDir, 'postgres'))}, port: 5432, user: 'postgres', database: 'lodestone', max: 12 });
    const text = ${JSON.stringify(`insert into bench_bare_rows (k, payload) values ${values}`)};
    let n = 0;
    createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const email = new URLSearchParams(Buffer.concat(chunks).toString()).get('email') || '';
        const params = [];
        n += 1;
        for (let i = 0; i < ${ROWS_PER_SUBMISSION}; i++) params.push('bare-' + n + '-' + i, JSON.stringify({ email, i }));
        pool.query(text, params).then(
          () => res.writeHead(303, { location: '/thank-you', 'content-length': 0 }).end(),
          () => res.writeHead(500).end(),
        );
      });
    }).listen(${port}, '127.0.0.1', () => process.send && process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare node:http + pg exited (${code})`)));
  });
  return {
    publicUrl: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await sql(dataDir, 'drop table bench_bare_rows');
    },
  };
}

/** A form-post body with a valid signed render time, from its own address. */
export async function submissionSource(server: RunningServer, ids: string[]) {
  const renderTimes = new Map<string, string>();
  for (const id of ids) {
    const page = await (await fetch(`${server.publicUrl}/f/${id}`)).text();
    const match = /name="ls_t" value="([^"]+)"/.exec(page);
    if (!match) throw new Error(`no ls_t on /f/${id}`);
    renderTimes.set(id, match[1]!);
  }
  await sleep(MIN_FILL_MS + 100);
  const run = Date.now().toString(36);
  let n = 0;
  return () => {
    n += 1;
    const id = ids[n % ids.length]!;
    const body = new URLSearchParams({
      ls_t: renderTimes.get(id)!,
      ls_hp: '',
      ls_ref: '',
      email: `bench-${run}-${n}@example.com`,
      'field-first-name': 'Ada',
      consent: 'yes',
    }).toString();
    // A distinct address per request (10.0.0.0/8 is only a label in a header here: nothing is sent there).
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return {
      method: 'POST' as const,
      path: `/f/${id}`,
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA, 'x-forwarded-for': ip },
    };
  };
}

/** POST /f/{id} for `seconds`, counting only 303 answers. */
export async function durableSubmissions(
  server: Pick<RunningServer, 'publicUrl'>,
  next: () => autocannon.Request,
  seconds = DURATION,
): Promise<Measured & { seconds: number }> {
  const latencies: number[] = [];
  const byStatus = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.publicUrl,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
      },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status === 303) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const other =
    [...byStatus]
      .filter(([s]) => s !== 303)
      .map(([s, k]) => `${k}×${s}`)
      .join(' ') + (result.errors ? ` ${result.errors} errors` : '');
  return {
    rate: latencies.length / result.duration,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    count: latencies.length,
    other: other.trim() || '-',
    seconds: result.duration,
  };
}

async function counts(dataDir: string) {
  const { rows } = await sql(
    dataDir,
    `select (select count(*)::int from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
              where t.identifier in ('lead_follow_up', 'send_email') and j.attempts < j.max_attempts) as queued,
            (select string_agg(identifier || ':' || n || case when failing > 0 then ' (' || failing || ' retrying)' else '' end, ', ')
               from (select t.identifier, count(*) as n, count(*) filter (where j.last_error is not null) as failing
                     from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id group by 1) x) as tasks,
            (select count(*)::int from email_deliveries where sent_at is not null) as sent,
            (select count(*)::int from submissions) as submissions`,
  );
  return rows[0] as { queued: number; tasks: string | null; sent: number; submissions: number };
}

/** A local SMTP server that accepts everything and only counts. */
async function startCountingSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 100,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SubmissionsReport {
  mailer: string;
  raw?: Measured;
  /** Bare node:http + pg writing the same rows per POST: the ceiling of a Node server here. */
  bare?: Measured;
  lodestone: Measured;
  email: {
    sentDuringLoad: number;
    loadSeconds: number;
    queuedAtEnd: number;
    drainSeconds: number;
    drained: boolean;
    sinkAccepted?: number;
  };
}

/** One server (dev mailbox, or SMTP to `smtpUrl`): the raw reference, then Lodestone's submissions, then the drain. */
async function benchOneServer(
  mailer: string,
  env: Record<string, string>,
  withRaw: boolean,
  sinkCount?: () => number,
): Promise<SubmissionsReport> {
  const server = await startServer({ TRUST_PROXY: 'true', ...env }, { compiled: true });
  try {
    const owner = await signUpOwner(server.appUrl);
    const file = await uploadPdf(owner, smallPdf());
    // An unlimited plan: the bench writes more sign-ups than Pro's 10,000 a month.
    await sql(server.dataDir, `update organizations set plan = 'business'`);
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, POST_PAGES); i++) ids.push(await publishTemplatePage(owner, file));
    const next = await submissionSource(server, ids);

    const raw = withRaw ? await rawTransactions(server.dataDir) : undefined;
    let bare: Measured | undefined;
    if (withRaw) {
      const ceiling = await startBareNodePg(server.dataDir);
      try {
        bare = await durableSubmissions(ceiling, next);
      } finally {
        await ceiling.stop();
      }
    }
    // Warm-up (JIT, pool, caches), then let its emails go out so the measured run starts from an empty queue.
    await durableSubmissions(server, next, 2);
    const warmDeadline = Date.now() + DRAIN_LIMIT_S * 1000;
    while ((await counts(server.dataDir)).queued > 0 && Date.now() < warmDeadline) await sleep(250);

    const before = await counts(server.dataDir);
    const lodestone = await durableSubmissions(server, next);
    const atEnd = await counts(server.dataDir);
    const stopped = Date.now();
    let last = atEnd;
    while (last.queued > 0 && Date.now() - stopped < DRAIN_LIMIT_S * 1000) {
      await sleep(100);
      last = await counts(server.dataDir);
    }
    const left = last.queued;
    if (last.tasks) console.log(`(${mailer}) jobs left after the drain: ${last.tasks}`);
    return {
      mailer,
      raw,
      bare,
      lodestone,
      email: {
        sentDuringLoad: atEnd.sent - before.sent,
        loadSeconds: lodestone.seconds,
        queuedAtEnd: atEnd.queued,
        drainSeconds: (Date.now() - stopped) / 1000,
        drained: left === 0,
        sinkAccepted: sinkCount?.(),
      },
    };
  } catch (err) {
    console.error(`server output:\n${server.log().slice(-4000)}`);
    throw err;
  } finally {
    await server.stop();
  }
}

function printReports(reports: SubmissionsReport[]) {
  const rows: string[][] = [['', 'per second', 'p50 ms', 'p99 ms', 'counted', 'other answers']];
  for (const r of reports) {
    if (r.raw)
      rows.push([
        `raw pg: BEGIN; ${ROWS_PER_SUBMISSION} rows; COMMIT`,
        fmt(r.raw.rate),
        fmt(r.raw.p50, 1),
        fmt(r.raw.p99, 1),
        `${r.raw.count} tx`,
        r.raw.other,
      ]);
    if (r.raw && r.bare)
      rows.push([
        `bare node:http + pg, same rows per POST, ${fmt((100 * r.bare.rate) / r.raw.rate)}% of raw`,
        fmt(r.bare.rate),
        fmt(r.bare.p50, 1),
        fmt(r.bare.p99, 1),
        `${r.bare.count}×303`,
        r.bare.other,
      ]);
    const ratio = r.raw;
    rows.push([
      `POST /f/{id} durable (${r.mailer})${ratio ? `, ${fmt((100 * r.lodestone.rate) / ratio.rate)}% of raw` : ''}${
        r.bare ? `, ${fmt((100 * r.lodestone.rate) / r.bare.rate)}% of bare node` : ''
      }`,
      fmt(r.lodestone.rate),
      fmt(r.lodestone.p50, 1),
      fmt(r.lodestone.p99, 1),
      `${r.lodestone.count}×303`,
      r.lodestone.other,
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((v, j) => (j === 0 ? v.padEnd(widths[j]!) : v.padStart(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('');
  for (const r of reports) {
    const e = r.email;
    console.log(
      `emails (${r.mailer}): submissions ${fmt(r.lodestone.rate)}/s, emails sent during the load ${fmt(e.sentDuringLoad / e.loadSeconds)}/s ` +
        `(${fmt((100 * e.sentDuringLoad) / Math.max(1, r.lodestone.count))}% of the submissions); jobs queued at the end ${e.queuedAtEnd}; ` +
        `${e.drained ? `drained in ${fmt(e.drainSeconds, 1)} s` : `NOT drained after ${fmt(e.drainSeconds, 0)} s`}` +
        (e.sinkAccepted !== undefined ? `; the SMTP sink accepted ${e.sinkAccepted} messages in all` : ''),
    );
    // What a sustained burst gets: sign-ups stored and followed up (emailed), over the load and the drain.
    if (e.drained)
      console.log(
        `sign-ups fully served (${r.mailer}): ${r.lodestone.count} in ${fmt(e.loadSeconds + e.drainSeconds, 1)} s, ` +
          `${fmt(r.lodestone.count / (e.loadSeconds + e.drainSeconds))}/s over the load and the drain`,
      );
  }
}

/** The whole submissions bench: dev mailbox (with the raw reference), then an SMTP sink. */
export async function benchSubmissions(): Promise<SubmissionsReport[]> {
  console.log(
    `Submissions bench: ${CONNECTIONS} connections, ${DURATION} s per run, ${POST_PAGES} pages, Node ${process.version}`,
  );
  const reports: SubmissionsReport[] = [];
  reports.push(await benchOneServer('dev mailbox', {}, true));
  const sink = process.env.BENCH_SMTP === '0' ? null : await startCountingSink();
  if (sink)
    try {
      reports.push(await benchOneServer('SMTP sink', { SMTP_URL: sink.url }, true, sink.accepted));
    } finally {
      await sink.close();
    }
  printReports(reports);
  return reports;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchSubmissions();
}
