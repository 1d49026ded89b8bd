import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { VISITOR_RATE_LIMITS } from '../src/server/features/visitor-journey/index.js';
import { freePort, publishTemplatePage, signUpOwner, smallPdf, sql, startServer, tempDir, uploadPdf } from './lib';

/*
 * npm run bench: the published page's speed, measured on a real server (embedded PostgreSQL, its
 * defaults) on this machine's loopback only.
 *
 *   1. GET  /f/{id} on Lodestone: requests/s and p99, 50 connections, 10 s (gzip, a browser's UA, so
 *      views are counted as for a real visitor).
 *      Then the same for a few seconds as a crawler (no view written), to show what counting costs.
 *   2. The same HTML bytes from nginx (gzip on, one worker) as the reference, when /usr/sbin/nginx exists.
 *   3. POST /f/{id}: durable submissions/s and p99, counting only 303 answers (the lead, its consent
 *      record and the email job committed). Each request comes from its own X-Forwarded-For address
 *      (TRUST_PROXY=true) and requests go round-robin over several pages; the visitor limits (per
 *      address and page, per email and page) still run on every request, as on the real path.
 *   4. POST to a single page for a few seconds from many addresses: there is no per-page ceiling
 *      (decision 0008), so every sign-up should get through; refusals (429) would show here.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_POST_PAGES
 * (default 20), BENCH_NGINX (default /usr/sbin/nginx). Bounded: about 80 s in all; the server is stopped with SIGTERM at the end.
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POST_PAGES = Number(process.env.BENCH_POST_PAGES ?? 20);
const LIMITED_DURATION = 8;
const GZIP_BUDGET = 20 * 1024;
const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 lodestone-bench';
const MIN_FILL_MS = 2000;

interface Row {
  name: string;
  rate: number;
  p50: number;
  p99: number;
  counted: string;
  other: string;
}

/** Runs autocannon and keeps the latency of each answer by status, to report on the ones that count. */
async function load(
  opts: autocannon.Options,
  counts: (status: number) => boolean,
): Promise<{
  result: autocannon.Result;
  rate: number;
  p50: number;
  p99: number;
  counted: number;
  byStatus: Map<number, number>;
}> {
  const latencies: number[] = [];
  const byStatus = new Map<number, number>();
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (counts(status)) latencies.push(responseTime);
    });
  });
  const seconds = result.duration || (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]! : NaN;
  return { result, rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99), counted: latencies.length, byStatus };
}

const statusList = (byStatus: Map<number, number>, except: number) =>
  [...byStatus]
    .filter(([s]) => s !== except)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ') || '-';

/** The bytes a client sees on the wire for `url` with Accept-Encoding `encoding`. */
function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding, 'user-agent': 'lodestone-bench' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** nginx serving `html` at /f/{id} (gzip on, one worker) as a non-daemon child; null when not installed. */
async function startNginx(html: string, id: string) {
  if (!existsSync(NGINX)) return null;
  const dir = tempDir('lodestone-bench-nginx-');
  const www = path.join(dir, 'www');
  mkdirSync(www, { mode: 0o755 });
  writeFileSync(path.join(www, 'page.html'), html, { mode: 0o644 });
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
    if (ok) return { url, stop };
    await sleep(100);
  }
  console.log(`nginx did not start: ${stderr.trim() || 'no output'}; skipping the reference`);
  await stop();
  return null;
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function printTable(rows: Row[]) {
  const head = ['', 'per second', 'p50 ms', 'p99 ms', 'answers counted', 'other answers'];
  const cells = rows.map((r) => [r.name, fmt(r.rate), fmt(r.p50, 1), fmt(r.p99, 1), r.counted, r.other]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

async function main() {
  const t0 = Date.now();
  console.log(`Lodestone bench: ${CONNECTIONS} connections, ${DURATION} s per run, Node ${process.version}`);
  const server = await startServer({ TRUST_PROXY: 'true' });
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  try {
    console.log(`server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (embedded PostgreSQL in a fresh data directory)`);
    const owner = await signUpOwner(server.appUrl);
    const file = await uploadPdf(owner, smallPdf());
    // More pages than the Free plan's 3, for the round-robin of step 3.
    await sql(server.dataDir, `update organizations set plan = 'pro'`);
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, POST_PAGES) + 2; i++) ids.push(await publishTemplatePage(owner, file));
    const [pageId, ...postIds] = ids as [string, ...string[]];
    const limitedId = postIds.pop()!;
    const pageUrl = `${server.publicUrl}/f/${pageId}`;

    // The page as the server renders it, and its size on the wire.
    const html = await (await fetch(pageUrl, { headers: { 'accept-encoding': 'identity' } })).text();
    const gzip = await wireBytes(pageUrl, 'gzip');
    const br = await wireBytes(pageUrl, 'br');
    const gzip9 = gzipSync(html, { level: 9 }).length;
    const brMax = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(
      `template 'professional-ebook' page: ${Buffer.byteLength(html)} B of HTML; on the wire ${gzip.bytes} B (${gzip.encoding}), ` +
        `${br.bytes} B (${br.encoding}); best possible gzip -9 ${gzip9} B, brotli 11 ${brMax} B; ` +
        `budget ${GZIP_BUDGET} B gzip: ${gzip.bytes <= GZIP_BUDGET ? 'within' : 'OVER'}`,
    );

    const getHeaders = { 'accept-encoding': 'gzip', 'user-agent': BROWSER_UA, accept: 'text/html' };
    const rows: Row[] = [];

    // 1. GET on Lodestone (a short warm-up first: JIT and the pool).
    await autocannon({ url: pageUrl, connections: 10, duration: 2, headers: getHeaders });
    const get = await load({ url: pageUrl, headers: getHeaders }, (s) => s === 200);
    rows.push({
      name: 'GET /f/{id}  Lodestone',
      rate: get.rate,
      p50: get.p50,
      p99: get.p99,
      counted: `${get.counted}×200`,
      other: statusList(get.byStatus, 200) + (get.result.errors ? ` ${get.result.errors} errors` : ''),
    });

    // The server finishes counting the views it was sent before anything else is measured.
    await sleep(1000);
    // 1b. The same without the view count's write (a crawler's user agent): what counting views costs.
    const uncounted = await load(
      {
        url: pageUrl,
        duration: Math.max(2, Math.round(DURATION / 2)),
        headers: { ...getHeaders, 'user-agent': 'lodestone-bench-bot' },
      },
      (s) => s === 200,
    );
    rows.push({
      name: 'GET /f/{id}  Lodestone, view not counted',
      rate: uncounted.rate,
      p50: uncounted.p50,
      p99: uncounted.p99,
      counted: `${uncounted.counted}×200`,
      other: statusList(uncounted.byStatus, 200) + (uncounted.result.errors ? ` ${uncounted.result.errors} errors` : ''),
    });

    // 2. The same bytes from nginx.
    const nginx = await startNginx(html, pageId);
    if (nginx) {
      try {
        const ngGzip = await wireBytes(nginx.url, 'gzip');
        console.log(`nginx serves the same ${Buffer.byteLength(html)} B; on the wire ${ngGzip.bytes} B (${ngGzip.encoding})`);
        await autocannon({ url: nginx.url, connections: 10, duration: 2, headers: getHeaders });
        const ng = await load({ url: nginx.url, headers: getHeaders }, (s) => s === 200);
        rows.push({
          name: 'GET same HTML  nginx',
          rate: ng.rate,
          p50: ng.p50,
          p99: ng.p99,
          counted: `${ng.counted}×200`,
          other: statusList(ng.byStatus, 200) + (ng.result.errors ? ` ${ng.result.errors} errors` : ''),
        });
      } finally {
        await nginx.stop();
      }
    } else if (!existsSync(NGINX)) {
      console.log(`${NGINX} is not installed: no nginx reference (apt-get install nginx-light to add it)`);
    }

    // 3. Durable submissions. Each page's signed render time is fetched once, then reused after 2 s.
    const renderTimes = new Map<string, string>();
    for (const id of [...postIds, limitedId]) {
      const page = await (await fetch(`${server.publicUrl}/f/${id}`)).text();
      const match = /name="ls_t" value="([^"]+)"/.exec(page);
      if (!match) throw new Error(`no ls_t on /f/${id}`);
      renderTimes.set(id, match[1]!);
    }
    await sleep(MIN_FILL_MS + 100);
    const run = Date.now().toString(36);
    let n = 0;
    const submission = (id: string) => {
      n += 1;
      const body = new URLSearchParams({
        ls_t: renderTimes.get(id)!,
        ls_hp: '',
        ls_ref: '',
        email: `bench-${run}-${n}@example.com`,
        'field-first-name': 'Ada',
        consent: 'yes',
      }).toString();
      // A distinct address per request (10.0.0.0/8 is only a label here: nothing is sent there).
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      return {
        method: 'POST' as const,
        path: `/f/${id}`,
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': BROWSER_UA,
          'x-forwarded-for': ip,
        },
      };
    };
    const post = await load(
      {
        url: server.publicUrl,
        requests: [{ setupRequest: (req) => ({ ...req, ...submission(postIds[n % postIds.length]!) }) }],
      },
      (s) => s === 303,
    );
    rows.push({
      name: `POST /f/{id}  durable (${postIds.length} pages)`,
      rate: post.rate,
      p50: post.p50,
      p99: post.p99,
      counted: `${post.counted}×303`,
      other: statusList(post.byStatus, 303) + (post.result.errors ? ` ${post.result.errors} errors` : ''),
    });
    const capped = (post.byStatus.get(429) ?? 0) > 0;

    // 4. One page at full speed from many addresses: no per-page ceiling, so every one should get through.
    const limited = await load(
      {
        url: server.publicUrl,
        duration: LIMITED_DURATION,
        requests: [{ setupRequest: (req) => ({ ...req, ...submission(limitedId) }) }],
      },
      (s) => s === 303,
    );
    const refusedLatencies = limited.result.latency;
    rows.push({
      name: `POST /f/{id}  one page, ${LIMITED_DURATION} s`,
      rate: limited.rate,
      p50: limited.p50,
      p99: limited.p99,
      counted: `${limited.counted}×303`,
      other: statusList(limited.byStatus, 303) + (limited.result.errors ? ` ${limited.result.errors} errors` : ''),
    });

    // The queue of confirmation emails the submissions made (sent by the job runner in the background).
    const leads = await sql(server.dataDir, 'select count(*)::int as n from leads');
    const jobs = await sql(server.dataDir, `select count(*)::int as n from graphile_worker._private_jobs`).catch(() => ({
      rows: [{ n: NaN }],
    }));

    console.log('');
    printTable(rows);
    console.log('');
    const perIp = VISITOR_RATE_LIMITS.submitPerIpPerForm;
    const perEmail = VISITOR_RATE_LIMITS.submitPerEmailPerForm;
    console.log(
      `Limits (src/server/features/visitor-journey/visitor-limits.ts): no ceiling per page; ${perIp.limit} per ${perIp.windowSeconds} s ` +
        `per address and page, ${perEmail.limit} per ${perEmail.windowSeconds} s per email address and page.`,
    );
    console.log(
      `One page for ${LIMITED_DURATION} s took ${limited.counted} and refused ${limited.byStatus.get(429) ?? 0} with 429 ` +
        `(all answers: p50 ${fmt(refusedLatencies.p50, 1)} ms, p99 ${fmt(refusedLatencies.p99, 1)} ms).`,
    );
    console.log(
      capped
        ? `NOTE: the durable run met a rate limit (${post.byStatus.get(429)}×429).`
        : `The durable run stayed under every limit (no 429): ${post.counted} submissions over ${postIds.length} pages and as many addresses.`,
    );
    console.log(`Leads stored: ${leads.rows[0].n}; email jobs still queued at the end: ${jobs.rows[0].n}.`);
    console.log(`Page gzip size: ${gzip.bytes} B (budget ${GZIP_BUDGET} B).`);
  } catch (err) {
    console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
    console.error(`server output:\n${server.log().slice(-4000)}`);
    process.exitCode = 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    const stopping = Date.now();
    await server.stop();
    console.log(
      `server stopped (SIGTERM) in ${((Date.now() - stopping) / 1000).toFixed(1)} s; total ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}

await main();
