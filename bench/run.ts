import { request } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { VISITOR_RATE_LIMITS } from '@/server/features/visitor-journey/index';
import { publishTemplatePage, signUpOwner, smallPdf, sql, startServer, uploadPdf } from './lib';
import { benchDashboard } from './dashboard';
import { benchPage } from './page';
import { benchPlacements } from './placements';
import { benchSpike } from './spike';
import { benchSubmissions, submissionSource } from './submissions';

/*
 * npm run bench: every figure of the visitor path and the dashboard beside its reference, in one
 * run, on this machine's loopback only, each on a real server (compiled, embedded PostgreSQL).
 *
 *   1-2. GET /f/{id} (bench/page.ts): wrk -t1 -c50 with a browser's UA and gzip against nginx (one
 *      worker), bare node:http serving the same bytes, and Lodestone; ratios; views checked.
 *   3. POST to a single page for a few seconds from many addresses: there is no per-page ceiling
 *      (decision 0008), so every sign-up should get through; refusals (429) would show here.
 *   4-5. Durable submissions beside a bare pg client's transactions on the same database, and the
 *      email queue with the dev mailbox and an SMTP sink (bench/submissions.ts).
 *   5b. A launch spike (bench/spike.ts): SPIKE_RATE sign-ups a second for SPIKE_SECONDS, open loop, to
 *      one double-opt-in page; latency, the code emails' drain and duplicates, CPU per sign-up.
 *   6. Every dashboard call at DASHBOARD_BENCH_LEADS leads (default 1,000,000; bench/dashboard.ts).
 *   7. A page on the owner's own site (bench/placements.ts): the loader, Lighthouse on a host page
 *      with and without the snippet, the form's time to show after its trigger.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_POST_PAGES
 * (default 20), BENCH_NGINX (default /usr/sbin/nginx), BENCH_WRK (default /usr/bin/wrk),
 * DASHBOARD_BENCH_LEADS. Bounded: about 10 minutes at 1,000,000 leads; servers are stopped with SIGTERM.
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIMITED_DURATION = 8;
const GZIP_BUDGET = 20 * 1024;

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
  // Compiled, as `npm start` runs it (dist/server/main.js).
  const server = await startServer({ TRUST_PROXY: 'true' }, { compiled: true });
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  try {
    console.log(`server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (embedded PostgreSQL in a fresh data directory)`);
    const owner = await signUpOwner(server.appUrl);
    const file = await uploadPdf(owner, smallPdf());
    const pageId = await publishTemplatePage(owner, file);
    const limitedId = await publishTemplatePage(owner, file);
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

    const rows: Row[] = [];

    // 1-2. GET /f/{id}: nginx, bare node:http and Lodestone side by side, views checked (bench/page.ts).
    console.log('');
    await benchPage(server, pageId, { duration: DURATION, connections: CONNECTIONS });
    console.log('');

    // 3. Submissions to one page, each from its own address with a valid signed render time.
    const submission = await submissionSource(server, [limitedId]);
    // One page at full speed from many addresses: no per-page ceiling, so every one should get through.
    const limited = await load(
      {
        url: server.publicUrl,
        duration: LIMITED_DURATION,
        requests: [{ setupRequest: (req) => ({ ...req, ...submission() }) }],
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
// 4-5. Durable submissions beside a bare pg client, and the email queue (bench/submissions.ts).
console.log('');
await benchSubmissions();
// 5b. A launch spike: sign-ups at a constant rate to one double-opt-in page, their code emails
// through an SMTP sink, and the CPU each cost (bench/spike.ts).
console.log('');
await benchSpike();
// 6. The dashboard's calls at DASHBOARD_BENCH_LEADS leads (default 1,000,000; bench/dashboard.ts).
console.log('');
await benchDashboard();
// 7. A page on the owner's own site: the loader's size, the host page's Lighthouse figures with and
// without the snippet, and the form's time to show after its trigger (bench/placements.ts).
console.log('');
await benchPlacements();
