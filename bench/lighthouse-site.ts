import { ownerWithPublishedPage } from './lib';
import {
  audit,
  chromePath,
  failedAudits,
  lighthouseVersion,
  printWarnings,
  score,
  viaCaddy,
  withServer,
  type Report,
} from './lighthouse-lib';

/*
 * npm run lighthouse:site [-- /path ...]: Lighthouse (mobile form factor and simulated throttling,
 * its defaults) on screens of the owner's app — by default the Home page, the dashboard, the leads
 * list and the published page's analytics — served by a real server on its embedded defaults (the
 * script builds the app first). The owner's screens (/dashboard, /page-creator, /settings...) load
 * signed in as an owner with one published page; `{page}` in a path stands for that page's id
 * (`/dashboard/forms/{page}` is its analytics). Prints the performance, accessibility,
 * best-practices and SEO scores next to the target of 95 each, and every audit that cost points;
 * exits 1 when a score is below it.
 * Chrome: CHROME_PATH, else /usr/bin/chromium. LIGHTHOUSE_RUNS (default 1): runs per page, the median counts.
 * LIGHTHOUSE_HTTPS=1: through Caddy, as production serves the app (HTTPS, so HTTP/2: Lighthouse then
 * models one connection carrying every script, not HTTP/1.1's six).
 */

const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OWNER_SCREENS = /^\/(dashboard|page-creator|settings|preview)(\/|$|\?)/;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) paths.push('/', '/dashboard', '/dashboard/leads', '/dashboard/forms/{page}');

await withServer(async (server) => {
  const { cookies, screenPath } = await ownerWithPublishedPage(server.appUrl);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  console.log(
    `Lighthouse ${lighthouseVersion} (${chromePath}), mobile form factor, simulated throttling, ` +
      `${viaCaddy ? 'through Caddy (HTTPS, HTTP/2)' : 'from the server itself (HTTP/1.1)'}; ` +
      `target ${TARGET} per category; median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`,
  );
  for (const path of paths.map(screenPath)) {
    const url = `${server.appUrl}${path}`;
    const signedIn = OWNER_SCREENS.test(path);
    const runs: Report[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await audit(url, { onlyCategories: [...CATEGORIES], ...(signedIn ? { extraHeaders: { cookie } } : {}) }));
    }
    // The run with the median performance score stands for the page.
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path.split('?')[0]) {
      throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}: the session did not hold`);
    }
    const scores = CATEGORIES.map((id) => ({ id, score: score(lhr, id) }));
    const ok = scores.every((s) => s.score >= TARGET);
    if (!ok) process.exitCode = 1;
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0]!.toUpperCase())
            .join('')} ${lhr.audits[id]?.displayValue ?? '?'}`,
      )
      .join(', ');
    console.log(
      `${path}${signedIn ? ' (signed in)' : ''}: ${scores.map((s) => `${s.id} ${s.score} (target ${TARGET})`).join(', ')} ${ok ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(`  ${metrics}${RUNS > 1 ? `; performance per run: ${runs.map((r) => score(r, 'performance')).join(', ')}` : ''}`);
    for (const { id } of scores) {
      for (const { id: auditId, result } of failedAudits(lhr, id)) {
        console.log(`  ${id}: ${auditId}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ''}`);
        const items = result.details && 'items' in result.details ? result.details.items : [];
        for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
    // What moved, when layout shifts cost points.
    const shifts = lhr.audits['layout-shifts']?.details;
    if (shifts && 'items' in shifts && score(lhr, 'performance') < TARGET) {
      for (const item of shifts.items.slice(0, 5)) console.log(`  layout shift: ${JSON.stringify(item).slice(0, 300)}`);
    }
    printWarnings(lhr);
  }
});
