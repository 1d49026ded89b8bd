import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { DEFAULT_AB_TEST } from '@/domain/form-config';
import { DEFAULT_FOLLOW_UPS } from '@/domain/follow-ups';
import { benchCpus, cpuByThread, cpuGrowth, pinTree, postgresCpuMs, postmasterPid, serverCpuMs, treeCpuMs } from './cpu';
import {
  freePort,
  publishSectionsPage,
  publishTemplatePage,
  signUpOwner,
  smallPdf,
  sql,
  startServer,
  tempDir,
  uploadPdf,
  type Owner,
  type RunningServer,
} from './lib';

/*
 * The published page side by side, in ONE run, with one client (wrk -t1 -c50 --latency, a browser's
 * user agent, Accept-Encoding: gzip): nginx (1 worker, the same gzip bytes precompressed), bare node:http serving the same
 * bytes the same way (gzipped once, sent with Content-Length and Vary), and Lodestone's
 * GET /f/{id}. Then checks that Lodestone counted the views it was sent.
 *
 *   npm run bench:page                  this checkout, compiled as `npm start` runs it
 *   BENCH_ROOT=/path/to/checkout ...    another checkout (e.g. an older commit), through tsx
 *                                       (compiled with BENCH_COMPILED=1)
 *
 * Pages one after the other, each against the references serving its own bytes: the template's page,
 * then the heaviest an owner can make (every kind of section filled generously, a logo and a cover:
 * bench/lib.ts publishSectionsPage; with an A/B test on, as the home page of a custom domain, unless
 * BENCH_HEAVIEST=0). BENCH_SECTIONS=0 leaves out the second. Beside each rate, the CPU one request
 * costs, Lodestone's (its threads and its embedded PostgreSQL, the views' writes included; then per
 * thread) against bare node:http's (bench/cpu.ts): a figure the rest of the machine's load moves far less than rates. Then the
 * template page with a follow-up sequence, so its opt-in (BENCH_FOLLOW_UPS=0: not), and the template
 * page in German and two more languages, by its link's ?lang=de (BENCH_LANGUAGES=0: not).
 *
 * The servers take turns, in BENCH_ROUNDS rounds (default 5) of BENCH_DURATION / BENCH_ROUNDS seconds
 * each, and a ratio is the median of the rounds' ratios: this VM's speed drifts by a third from one
 * minute to the next, and a server measured once, a minute after its reference, was judged by the drift.
 *
 * Environment: BENCH_DURATION (s each server is measured in all, default 15), BENCH_ROUNDS (default 5),
 * BENCH_CONNECTIONS (default 50), BENCH_NGINX
 * (default /usr/sbin/nginx), BENCH_WRK (default /usr/bin/wrk; autocannon when absent), BENCH_NODE_ARGS
 * (more arguments to the server's node, e.g. `--cpu-prof --cpu-prof-dir=DIR`), BENCH_PIN=0 (wrk and
 * the servers not pinned: by default wrk runs on the last CPU and each server measured on the others,
 * bench/cpu.ts benchCpus).
 */

const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';
/** wrk on one CPU, every server measured on the others (null: not pinned). */
const CPUS = benchCpus();
/**
 * Pins a server measured here (and its embedded PostgreSQL, for Lodestone) to the servers' CPUs, or
 * back to every CPU (`release`) once measured: a caller's later load on Lodestone (bench/run.ts) has the machine.
 */
const pinServer = (pid: number, dataDir?: string, release = false) => {
  if (!CPUS) return;
  const cpus = release ? CPUS.all : CPUS.servers;
  pinTree(pid, cpus);
  const postmaster = dataDir ? postmasterPid(dataDir) : null;
  if (postmaster) pinTree(postmaster, cpus);
};
const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 lodestone-bench';
const BOT_UA = 'lodestone-bench-bot';

export interface LoadResult {
  name: string;
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx/3xx, and socket errors. */
  failures: number;
  tool: 'wrk' | 'autocannon';
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const ms = (value: string) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : NaN;
};

/** One load run: wrk when installed, else autocannon (said so in the output). */
export async function load(
  name: string,
  url: string,
  {
    duration,
    connections,
    userAgent = BROWSER_UA,
    host,
  }: { duration: number; connections: number; userAgent?: string; /** A Host header other than the URL's. */ host?: string },
): Promise<LoadResult> {
  if (existsSync(WRK)) {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', `User-Agent: ${userAgent}`];
    if (host) args.push('-H', `Host: ${host}`);
    args.push('-H', 'Accept-Encoding: gzip', '-H', 'Accept: text/html', url);
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        CPUS ? 'taskset' : WRK,
        CPUS ? ['-c', CPUS.client, WRK, ...args] : args,
        { timeout: (duration + 30) * 1000 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      name,
      rate: num(/Requests\/sec:\s+([\d.]+)/),
      p50: ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
      p99: ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
      requests: num(/(\d+) requests in/),
      failures:
        num(/Non-2xx or 3xx responses: (\d+)/) + (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0),
      tool: 'wrk',
    };
  }
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'user-agent': userAgent, 'accept-encoding': 'gzip', accept: 'text/html', ...(host ? { host } : {}) },
  });
  return {
    name,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    tool: 'autocannon',
  };
}

/** nginx serving `html` at /f/{id} (precompressed with gzip_static, one worker) as a non-daemon child; null when not installed. */
export async function startNginx(html: string, id: string) {
  if (!existsSync(NGINX)) return null;
  const dir = tempDir('lodestone-bench-nginx-');
  const www = path.join(dir, 'www');
  mkdirSync(www, { mode: 0o755 });
  writeFileSync(path.join(www, 'page.html'), html, { mode: 0o644 });
  // Precompressed once, as Lodestone and the node:http reference serve it (gzip_static).
  writeFileSync(path.join(www, 'page.html.gz'), gzipSync(html, { level: 6 }), { mode: 0o644 });
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip on;
  gzip_static on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = /f/${id} { try_files /page.html =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/f/${id}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000, undefined, { ref: false }).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 40; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, pid: child.pid!, stop };
    await sleep(100);
  }
  console.log(`nginx did not start: ${stderr.trim() || 'no output'}; skipping the reference`);
  await stop();
  return null;
}

/**
 * Bare node:http serving the same bytes the same way a fast server would: gzipped once, then each
 * request answered from memory by Accept-Encoding, with Content-Length and Vary, and `headers` (by
 * default only Content-Type and Cache-Control). In a child process of its own, as Lodestone and nginx are.
 */
export async function startBareNode(
  html: string,
  id: string,
  headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
) {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    const { gzipSync } = require('node:zlib');
    const identity = Buffer.from(${JSON.stringify(html)});
    const gzip = gzipSync(identity, { level: 6 });
    const headers = ${JSON.stringify(headers)};
    createServer((req, res) => {
      if (req.url !== ${JSON.stringify(`/f/${id}`)}) { res.writeHead(404).end(); return; }
      const gz = /\\bgzip\\b/.test(req.headers['accept-encoding'] || '');
      const body = gz ? gzip : identity;
      res.writeHead(200, {
        ...headers,
        vary: 'accept-encoding',
        ...(gz ? { 'content-encoding': 'gzip' } : {}),
        'content-length': body.length,
      });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send && process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare node:http exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/f/${id}`,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Headers an answer of Lodestone's carries that are not per answer: what the references send too. */
function reusedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const perAnswer = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'content-encoding',
    'vary',
    'transfer-encoding',
  ]);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !perAnswer.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** GET `url` (with Host `host`) as wrk's browser asks for it, uncompressed: its headers and text. */
function getAs(url: string, host?: string): Promise<{ headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      url,
      { headers: { 'user-agent': BROWSER_UA, accept: 'text/html', 'accept-encoding': 'identity', ...(host ? { host } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
          else resolve({ headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
  });
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const viewsToday = async (server: RunningServer, id: string) =>
  Number(
    (
      await sql(
        server.dataDir,
        `select coalesce(sum(views), 0)::int as n from form_daily_stats where form_id = '${id}' and day = (now() at time zone 'utc')::date`,
      )
    ).rows[0].n,
  );

export interface PageBench {
  nginx?: LoadResult;
  node: LoadResult;
  nodeFewHeaders: LoadResult;
  lodestone: LoadResult;
  /** The median of the rounds' Lodestone / node:http (same bytes) ratios. */
  ratio: number;
  viewsCounted: number;
  /** CPU microseconds per request: Lodestone's (its threads and its PostgreSQL), and bare node:http's. */
  cpuUs: { lodestone: number; node: number };
}

/** Rounds each server is measured in (BENCH_ROUNDS): the servers take turns within a round. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/** A server measured by `interleaved`. */
interface Target {
  name: string;
  url: string;
  host?: string;
  /** CPU milliseconds its processes have used so far (bench/cpu.ts). */
  cpuMs: () => number;
  /** Before its turn (pin it to the servers' CPUs). */
  enter?: () => void;
  /** After its turn, before its CPU is read again (wait for what the turn left to write; unpin it). */
  leave?: () => Promise<void>;
}

/** A server's rounds: each round's result, and their summary (median rate, p50 and p99; requests and failures summed). */
interface Measured {
  runs: LoadResult[];
  summary: LoadResult;
  /** CPU milliseconds over its own turns. */
  cpuMs: number;
}

/** The seconds of one round when a server is measured for `duration` seconds in all. */
const roundSeconds = (duration: number) => Math.max(2, Math.round(duration / ROUNDS));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Measures `targets` in `ROUNDS` rounds of `duration / ROUNDS` seconds, taking turns within each
 * round: on a VM whose speed drifts by a third from one minute to the next, a server measured once
 * and its reference measured a minute later differ by the drift, not by the servers (a single
 * sequential run put the same page at 52% and at 79% of node:http). A ratio is read per round, the
 * reference beside the server measured right after it.
 */
async function interleaved(
  targets: Target[],
  { duration, connections }: { duration: number; connections: number },
): Promise<Measured[]> {
  const seconds = roundSeconds(duration);
  const runs = targets.map((): LoadResult[] => []);
  const cpuMs = targets.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      target.enter?.();
      const cpu = target.cpuMs();
      runs[i]!.push(await load(target.name, target.url, { duration: seconds, connections, host: target.host }));
      await target.leave?.();
      cpuMs[i]! += target.cpuMs() - cpu;
    }
  }
  return targets.map((target, i) => {
    const mine = runs[i]!;
    const summary: LoadResult = {
      name: target.name,
      rate: median(mine.map((r) => r.rate)),
      p50: median(mine.map((r) => r.p50)),
      p99: median(mine.map((r) => r.p99)),
      requests: mine.reduce((n, r) => n + r.requests, 0),
      failures: mine.reduce((n, r) => n + r.failures, 0),
      tool: mine[0]!.tool,
    };
    return { runs: mine, summary, cpuMs: cpuMs[i]! };
  });
}

/** Each round's `a` / `b` rates (`a` measured right after `b`), and their median. */
function roundRatios(a: Measured, b: Measured) {
  const each = a.runs.map((r, i) => r.rate / b.runs[i]!.rate);
  return { each, median: median(each) };
}

const pct = (a: number, b?: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : '-');

/**
 * Runs the four side by side against `server`'s published page `pageId`, in rounds (`interleaved`),
 * and prints the table, the ratios and the view count check.
 */
export async function benchPage(
  server: RunningServer,
  pageId: string,
  {
    duration = 15,
    connections = 50,
    domain,
    query,
  }: {
    /** Seconds each server is measured in all, split into BENCH_ROUNDS rounds. */
    duration?: number;
    connections?: number;
    /** Lodestone is measured at `/` of this custom domain (the page is its home page) instead of at /f/{id}. */
    domain?: string;
    /** A query the page's link carries (`?lang=de`): the references serve the bytes Lodestone sends for it. */
    query?: string;
  } = {},
): Promise<PageBench> {
  const pageUrl = `${server.publicUrl}/f/${pageId}${query ? `?${query}` : ''}`;
  const measuredAt = domain ? { url: `${server.publicUrl}/`, host: domain, name: `Lodestone GET / on ${domain}` } : undefined;
  // The bytes the measured visitor gets (wrk's browser, from this address: the same A/B variant, at the
  // same address); nginx and node:http serve exactly these. Counted as a view before the count starts.
  const res = await getAs(measuredAt?.url ?? pageUrl, measuredAt?.host);
  const html = res.text;
  // Lodestone's own headers (security headers, this page's CSP), for node:http to send the same bytes.
  const pageHeaders = reusedHeaders(res.headers);
  const seconds = roundSeconds(duration);

  console.log(
    `GET /f/{id}: ${Buffer.byteLength(html)} B of HTML, ${gzipSync(html, { level: 6 }).length} B gzipped; ` +
      `${existsSync(WRK) ? `wrk -t1 -c${connections} -d${seconds}s --latency` : `autocannon -c${connections} -d${seconds} (NOTE: ${WRK} is not installed)`}, ` +
      `a browser user agent, Accept-Encoding: gzip; ${ROUNDS} rounds, each server in turn`,
  );
  const warm = { duration: 2, connections: 10, userAgent: BOT_UA };

  const nginx = await startNginx(html, pageId);
  if (!nginx) console.log(`${NGINX} is not installed: no nginx reference`);
  // node:http twice: with Lodestone's headers (the same bytes on the wire: the reference of the
  // ratio), and with only Content-Type and Cache-Control (what the headers themselves cost).
  const bare = await startBareNode(html, pageId, pageHeaders);
  const bareFew = await startBareNode(html, pageId);
  try {
    const references: Target[] = [
      ...(nginx ? [{ name: 'nginx (1 worker, gzip_static)', url: nginx.url, pid: nginx.pid }] : []),
      { name: `bare node:http, same headers (${Object.keys(pageHeaders).length + 4})`, url: bare.url, pid: bare.pid },
      { name: 'bare node:http, 6 headers', url: bareFew.url, pid: bareFew.pid },
    ].map(({ pid, ...target }) => ({ ...target, cpuMs: () => treeCpuMs(pid), enter: () => pinServer(pid) }));
    for (const target of references) {
      target.enter?.();
      await load('warm-up', target.url, warm);
    }

    const target = measuredAt ?? { url: pageUrl, host: undefined, name: `Lodestone GET /f/{id}${query ? `?${query}` : ''}` };
    pinServer(server.pid, server.dataDir);
    await load('warm-up', target.url, { ...warm, host: target.host }); // a crawler's user agent: not counted
    await sleep(1500);
    const viewsBefore = await viewsToday(server, pageId);
    const threads = new Map<string, number>();
    let postgresMs = 0;
    let threadsBefore = cpuByThread(server.pid);
    let postgresBefore = postgresCpuMs(server.dataDir);
    const lodestoneTarget: Target = {
      ...target,
      cpuMs: () => serverCpuMs(server),
      enter: () => {
        pinServer(server.pid, server.dataDir);
        threadsBefore = cpuByThread(server.pid);
        postgresBefore = postgresCpuMs(server.dataDir);
      },
      leave: async () => {
        // Views are written in batches (VIEW_FLUSH_MS, docs/decisions/0026): its turn's CPU includes them.
        await sleep(600);
        for (const [name, ms] of cpuGrowth(threadsBefore, cpuByThread(server.pid)))
          threads.set(name, (threads.get(name) ?? 0) + ms);
        postgresMs += postgresCpuMs(server.dataDir) - postgresBefore;
        pinServer(server.pid, server.dataDir, true);
      },
    };
    const all = await interleaved([...references, lodestoneTarget], { duration, connections });
    const [nodeRuns, nodeFewRuns, lodestoneRuns] = all.slice(-3) as [Measured, Measured, Measured];
    const nginxRuns = nginx ? all[0] : undefined;

    let viewsCounted = 0;
    for (let i = 0; i < 20; i++) {
      viewsCounted = (await viewsToday(server, pageId)) - viewsBefore;
      if (viewsCounted >= lodestoneRuns.summary.requests) break;
      await sleep(500);
    }

    const rows = all.map((m) => m.summary);
    const head = ['', 'req/s (median)', 'p50 ms', 'p99 ms', 'requests', 'failures'];
    const cells = rows.map((r) => [r.name, fmt(r.rate), fmt(r.p50, 2), fmt(r.p99, 2), String(r.requests), String(r.failures)]);
    const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
    const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
    console.log(line(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const c of cells) console.log(line(c));
    const ratio = roundRatios(lodestoneRuns, nodeRuns);
    console.log(
      `Lodestone / node:http (same bytes) ${pct(ratio.median, 1)}, the median of the rounds' ` +
        `(${ratio.each.map((r) => pct(r, 1)).join(', ')}) (goal >= 90%); ` +
        `Lodestone / node:http (6 headers) ${pct(roundRatios(lodestoneRuns, nodeFewRuns).median, 1)}; ` +
        `Lodestone / nginx ${nginxRuns ? pct(roundRatios(lodestoneRuns, nginxRuns).median, 1) : '-'}; ` +
        `Lodestone p99 ${fmt(lodestoneRuns.summary.p99, 2)} ms, the median of the rounds' (goal < 10 ms)`,
    );
    const perRequest = (cpuMs: number, requests: number) => (requests ? (cpuMs * 1000) / requests : NaN);
    const lodestoneUs = perRequest(lodestoneRuns.cpuMs, lodestoneRuns.summary.requests);
    const nodeUs = perRequest(nodeRuns.cpuMs, nodeRuns.summary.requests);
    console.log(
      `CPU per request (whatever else the machine does): Lodestone ${fmt(lodestoneUs, 1)} µs (its threads, its PostgreSQL, the views written), ` +
        `bare node:http ${fmt(nodeUs, 1)} µs: node:http / Lodestone ${pct(nodeUs, lodestoneUs)}`,
    );
    console.log(
      `  of which (µs a request): ` +
        [...[...threads].sort((a, b) => b[1] - a[1]), ['PostgreSQL', postgresMs] as const]
          .map(([name, ms]) => `${name} ${fmt(perRequest(ms, lodestoneRuns.summary.requests), 1)}`)
          .join(', '),
    );
    const requests = lodestoneRuns.summary.requests;
    console.log(
      `Views counted for the day during the Lodestone runs: ${viewsCounted}; requests ${lodestoneRuns.summary.tool} reports: ${requests}` +
        (viewsCounted === requests
          ? ' (equal)'
          : ` (difference ${viewsCounted - requests}: requests still in flight when ${lodestoneRuns.summary.tool} stopped are counted by the server but not reported)`),
    );
    return {
      nginx: nginxRuns?.summary,
      node: nodeRuns.summary,
      nodeFewHeaders: nodeFewRuns.summary,
      lodestone: lodestoneRuns.summary,
      ratio: ratio.median,
      viewsCounted,
      cpuUs: { lodestone: lodestoneUs, node: nodeUs },
    };
  } finally {
    await Promise.all([nginx?.stop(), bare.stop(), bareFew.stop()]);
  }
}

/**
 * A static answer of Lodestone's (the loader script) beside bare node:http sending the same bytes and
 * headers, gzipped, as wrk asks for them, in rounds (`interleaved`): rates, p99 and CPU per request.
 */
async function benchAsset(server: RunningServer, assetPath: string, opts: { duration: number; connections: number }) {
  const url = `${server.publicUrl}${assetPath}`;
  const res = await getAs(url);
  const headers = reusedHeaders(res.headers);

  console.log(`GET ${assetPath}: ${Buffer.byteLength(res.text)} B, ${gzipSync(res.text, { level: 6 }).length} B gzipped`);
  const warm = { duration: 2, connections: 10, userAgent: BOT_UA };
  const bare = await startBareNode(res.text, 'asset', headers);
  try {
    pinServer(bare.pid);
    await load('warm-up', bare.url, warm);
    pinServer(server.pid, server.dataDir);
    await load('warm-up', url, warm);
    const [node, lodestone] = (await interleaved(
      [
        {
          name: `bare node:http, same headers (${Object.keys(headers).length + 4})`,
          url: bare.url,
          cpuMs: () => treeCpuMs(bare.pid),
        },
        {
          name: `Lodestone GET ${assetPath}`,
          url,
          cpuMs: () => serverCpuMs(server),
          enter: () => pinServer(server.pid, server.dataDir),
          leave: async () => pinServer(server.pid, server.dataDir, true),
        },
      ],
      opts,
    )) as [Measured, Measured];
    for (const r of [node.summary, lodestone.summary])
      console.log(`${r.name.padEnd(40)} ${fmt(r.rate)} req/s (median)  p99 ${fmt(r.p99, 2)} ms  failures ${r.failures}`);
    const ratio = roundRatios(lodestone, node);
    console.log(
      `Lodestone / node:http ${pct(ratio.median, 1)}, the median of the rounds' (${ratio.each.map((r) => pct(r, 1)).join(', ')}) (goal >= 90%); ` +
        `p99 ${fmt(lodestone.summary.p99, 2)} ms (goal < 10 ms); ` +
        `CPU per request: Lodestone ${fmt((lodestone.cpuMs * 1000) / lodestone.summary.requests, 1)} µs, ` +
        `bare node:http ${fmt((node.cpuMs * 1000) / node.summary.requests, 1)} µs`,
    );
  } finally {
    await bare.stop();
  }
}

/**
 * Connects `offers.bench.test` to the owner's workspace with `pageId` as its home page. The domain
 * is added and its home page set through the owner API; the workspace's plan and the domain's
 * verification are written in the database, as this machine has no DNS for the name.
 */
async function homeOnCustomDomain(
  server: RunningServer,
  owner: Owner,
  pageId: string,
  hostname = 'offers.bench.test',
): Promise<string> {
  await sql(server.dataDir, `update organizations set plan = 'pro'`);
  const call = async (method: string, url: string, body: unknown) => {
    const res = await owner.api(method, url, body);
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const domain = await call('POST', '/api/domains', { hostname });
  await sql(server.dataDir, `update custom_domains set status = 'verified', verified_at = now() where id = '${domain.id}'`);
  await call('PATCH', `/api/domains/${domain.id}`, { homeFormId: pageId });
  return hostname;
}

async function main() {
  const root = process.env.BENCH_ROOT;
  const compiled = !root || process.env.BENCH_COMPILED === '1';
  const server = await startServer({}, { root, compiled });
  try {
    const owner = await signUpOwner(server.appUrl);
    // BENCH_AB_SPLIT=50: the page runs an A/B test (decision 0051). wrk is one visitor (one address, one
    // browser), so every request gets the same variant: this measures the assignment's cost, not the mix.
    const split = Number(process.env.BENCH_AB_SPLIT ?? 0);
    const abTest = { ...DEFAULT_AB_TEST, enabled: true, split, title: 'Variant B of the bench page' };
    const id = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()), undefined, split ? { abTest } : {});
    // BENCH_DOMAIN=1: the page is measured as the home page of a verified custom domain (decision 0055).
    const domain = process.env.BENCH_DOMAIN === '1' ? await homeOnCustomDomain(server, owner, id) : undefined;
    console.log(
      `server: ${root ? `${root} through tsx` : 'this checkout, compiled (dist/server/main.js)'}; Node ${process.version}` +
        (split ? `; the page runs an A/B test (${split}% see B)` : '') +
        (domain ? `; measured at / on the custom domain ${domain}` : ''),
    );
    console.log(
      CPUS
        ? `wrk on CPU ${CPUS.client}; each server measured (nginx, node:http, Lodestone with its PostgreSQL) on CPU ${CPUS.servers} (taskset; BENCH_PIN=0: not pinned)`
        : 'not pinned to CPUs: wrk and the servers share every CPU',
    );
    const opts = {
      duration: Number(process.env.BENCH_DURATION ?? 15),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    };
    await benchPage(server, id, { ...opts, domain });
    if (process.env.BENCH_SECTIONS !== '0' && !root) {
      // Another checkout (BENCH_ROOT) may predate sections: only this one is measured with them.
      // The heaviest realistic page: every kind of section, a logo and a cover, an A/B test on, served
      // as the home page of a custom domain (BENCH_HEAVIEST=0: the sections page alone, at /f/{id}).
      const heaviest = process.env.BENCH_HEAVIEST !== '0';
      if (heaviest) await sql(server.dataDir, `update organizations set plan = 'pro'`); // A/B tests and domains are Pro's
      const sections = await publishSectionsPage(
        owner,
        await uploadPdf(owner, smallPdf()),
        {},
        heaviest ? { abTest: { ...abTest, split: 50 } } : {},
      );
      const at = heaviest ? await homeOnCustomDomain(server, owner, sections, 'launch.bench.test') : undefined;
      console.log(
        heaviest
          ? `\nThe heaviest page: every kind of section, a logo and a cover beside the form, an A/B test on (50% see B), at / on ${at}:`
          : '\nThe page with every kind of section, a logo and a cover beside the form:',
      );
      await benchPage(server, sections, { ...opts, domain: at });
    }
    if (process.env.BENCH_PLACEMENTS !== '0' && !root) {
      // The on-site loader and its form (decision 0084): /l.js as the owner's site loads it, then the
      // template page in a popup placement's frame, as the loader frames it.
      const site = 'https://blog.bench.test';
      const framed = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()), undefined, { embedOrigins: [site] });
      const created = await owner.api('POST', `/api/forms/${framed}/placements`, { name: 'Bench popup', display: 'popup' });
      if (!created.ok) throw new Error(`POST placements: ${created.status} ${await created.text()}`);
      const { id: placement } = (await created.json()) as { id: string };
      console.log('\nThe on-site loader script, /l.js:');
      await benchAsset(server, '/l.js', opts);
      console.log(`\nIts form: the template page in a popup placement's frame, as the loader frames it on ${site}:`);
      const query = new URLSearchParams({ ls_placement: placement, ls_host: `${site}/post`, ls_content: 'form' }).toString();
      await benchPage(server, framed, { ...opts, query });
    }
    if (process.env.BENCH_FOLLOW_UPS !== '0' && !root) {
      // A page with a follow-up sequence (docs/decisions/0090): the same page with its separate opt-in.
      const followUps = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()), undefined, {
        followUps: {
          ...DEFAULT_FOLLOW_UPS,
          steps: [{ id: 'welcome', delay: 1, unit: 'days', at: '', subject: 'Welcome', text: 'Thanks for reading.' }],
        },
      });
      console.log('\nThe template page with a follow-up sequence (its opt-in under the consent):');
      await benchPage(server, followUps, opts);
    }
    if (process.env.BENCH_LANGUAGES !== '0' && !root) {
      // A page in several languages (docs/decisions/0085): its German document, by the link's ?lang=de.
      const languages = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()), undefined, {
        language: 'de',
        languages: ['fr', 'es'],
        translations: { fr: { title: 'Le guide' }, es: { title: 'La guía' } },
      });
      console.log('\nThe template page in German, offered in French and Spanish too, asked for in German by its link:');
      await benchPage(server, languages, { ...opts, query: 'lang=de' });
    }
  } catch (err) {
    console.error(err);
    console.error(server.log().slice(-4000));
    process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
