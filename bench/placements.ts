import { pathToFileURL } from 'node:url';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { INLINE_RESERVE_STYLE_HASH, placementSnippet } from '@/domain/placements';
import { launchChromium } from './chromium';
import { freePort, publishTemplatePage, signUpOwner, smallPdf, startServer, uploadPdf, type Owner } from './lib';
import { audit, lighthouseVersion, score, type Report } from './lighthouse-lib';

/*
 * npm run bench:placements (and a section of npm run bench): a page on the owner's own site
 * (docs/decisions/0084), on a real server on its embedded defaults.
 *
 *   1. The loader's size: GET /l.js as a browser gets it (gzip), beside the budget (8 KB) and
 *      OptinMonster's loader (46 KB gzipped, as its vendor's own script measured when the issue was written).
 *   2. A host page (a plain article on another origin, with a strict Content-Security-Policy) without
 *      the snippet, with an exit-intent popup's (the loader alone: its trigger never fires under
 *      Lighthouse), with a popup that opens 3 s after load, and with an inline form in the article:
 *      Lighthouse's performance score, total blocking time, cumulative layout shift and largest
 *      contentful paint for each, in one run (mobile form factor, simulated throttling: its defaults).
 *   3. The form's time to show after its trigger: `lodestone('open', id)` to the form visible in the
 *      popup's frame (its submit button painted), the median of PLACEMENT_RUNS (default 15) fresh page
 *      loads; beside it the same form's markup fetched and put into a shadow root of the host page,
 *      the alternative the decision weighed (a host page could read that one).
 *
 * Environment: PLACEMENT_RUNS (default 15), LIGHTHOUSE_RUNS (default 3; each figure's median counts).
 */

const RUNS = Math.max(3, Number(process.env.PLACEMENT_RUNS ?? 15));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const LOADER_BUDGET = 8 * 1024;
const OPTINMONSTER_GZIP = 46 * 1024;

const ARTICLE = Array.from(
  { length: 12 },
  (_, i) =>
    `<h2>Part ${i + 1}</h2><p>Most lead magnets are offered where the readers already are: a blog post, a shop, a docs site. This paragraph stands for the article the visitor came to read, long enough to scroll.</p>`,
).join('');

/** The owner's site: an article with or without the snippet, under a strict CSP naming the public origin. */
function hostPage(publicUrl: string, snippet: string, inline = '') {
  const origin = new URL(publicUrl).origin;
  const csp = `default-src 'self'; script-src 'self' ${origin}; connect-src 'self' ${origin}; frame-src ${origin}; style-src 'self' 'unsafe-hashes' ${INLINE_RESERVE_STYLE_HASH}; img-src 'self'`;
  const [first, ...rest] = ARTICLE.split('</p>');
  const article = inline ? `${first}</p>${inline}${rest.join('</p>')}` : ARTICLE;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Northwind journal</title><meta name="description" content="An article on the owner's own site."></head><body><main><h1>Ten ideas for your next campaign</h1>${article}</main>${snippet}</body></html>`;
  return { csp, html };
}

async function serveHost(
  port: number,
  pages: Record<string, { csp: string; html: string }>,
  proxy: () => Promise<string>,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/proxy/')) {
      // The shadow-root variant: the form's markup fetched through the host's own origin.
      void proxy().then((body) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      });
      return;
    }
    const page = pages[path.split('?')[0]!];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page.csp });
    res.end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

async function createPlacement(owner: Owner, formId: string, settings: Record<string, unknown>): Promise<string> {
  const res = await expectOk(await owner.api('POST', `/api/forms/${formId}/placements`, settings), 'POST placements');
  return ((await res.json()) as { id: string }).id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function benchPlacements() {
  const server = await startServer({}, { compiled: true });
  let host: Server | undefined;
  try {
    const owner = await signUpOwner(server.appUrl);
    const formId = await publishTemplatePage(owner, await uploadPdf(owner, smallPdf()));
    const hostPort = await freePort();
    const hostOrigin = `http://localhost:${hostPort}`;
    await expectOk(await owner.api('PUT', `/api/forms/${formId}/embed-origins`, { embedOrigins: [hostOrigin] }), 'embed-origins');
    const id = await createPlacement(owner, formId, { name: 'Popup', display: 'popup', trigger: 'load', delaySeconds: 3 });
    const exitId = await createPlacement(owner, formId, { name: 'Exit', display: 'popup', trigger: 'exit' });
    const inlineId = await createPlacement(owner, formId, { name: 'Inline', display: 'inline' });

    // 1. The loader's size.
    const loader = await expectOk(
      await fetch(`${server.publicUrl}/l.js`, { headers: { 'accept-encoding': 'gzip' } }),
      'GET /l.js',
    );
    const loaderBytes = Buffer.from(await loader.arrayBuffer());
    const gz = gzipSync(loaderBytes, { level: 9 }).length;
    console.log("\n== A page on the owner's own site (placements)");
    console.log(
      `loader /l.js: ${loaderBytes.length} B raw, ${gz} B gzipped (budget ${LOADER_BUDGET} B; OptinMonster's loader ${OPTINMONSTER_GZIP} B)`,
    );

    const script = (placement: string) => `<script async src="${server.publicUrl}/l.js" data-placement="${placement}"></script>`;
    const frameUrl = `${server.publicUrl}/f/${formId}?ls_placement=${id}&ls_content=form`;
    const variants = {
      without: hostPage(server.publicUrl, ''),
      'exit popup (not fired)': hostPage(server.publicUrl, script(exitId)),
      'popup at 3 s': hostPage(server.publicUrl, script(id)),
      inline: hostPage(server.publicUrl, script(inlineId), placementSnippet(server.publicUrl, inlineId, 'inline').split('\n')[0]),
    };
    const paths = Object.fromEntries(Object.keys(variants).map((name, i) => [name, `/v${i}`]));
    host = await serveHost(
      hostPort,
      Object.fromEntries(Object.entries(variants).map(([name, page]) => [paths[name]!, page])),
      async () => (await fetch(frameUrl)).text(),
    );

    // 2. Lighthouse on the host page without and with the snippet.
    const rows: string[] = [];
    for (const variant of Object.keys(variants)) {
      const runs: Report[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
        runs.push(await audit(`${hostOrigin}${paths[variant]}`, { onlyCategories: ['performance'] }));
      // Each figure's median over the runs, and total blocking time's range: a task Chromium does not
      // attribute to any script (60 to 140 ms simulated, on every variant, the bare page too) counts
      // or not by where the simulation puts it beside the first paint.
      const figure = (audit: string) => median(runs.map((lhr) => lhr.audits[audit]?.numericValue ?? NaN));
      const tbts = runs.map((lhr) => lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      rows.push(
        `${variant.padEnd(23)} performance ${String(median(runs.map((lhr) => score(lhr, 'performance')))).padStart(3)}  TBT ${ms(figure('total-blocking-time')).padStart(7)} (${ms(Math.min(...tbts))}–${ms(Math.max(...tbts))})  CLS ${figure('cumulative-layout-shift').toFixed(3)}  LCP ${ms(figure('largest-contentful-paint')).padStart(8)}`,
      );
    }
    console.log(
      `host page, Lighthouse ${lighthouseVersion} (mobile, simulated throttling; medians of ${LIGHTHOUSE_RUNS} runs, TBT's range):`,
    );
    for (const row of rows) console.log(`  ${row}`);

    // 3. The form's time to show after its trigger: the frame (what ships) and a shadow root (the alternative).
    const browser = await launchChromium();
    try {
      const frameTimes: number[] = [];
      const shadowTimes: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${hostOrigin}${paths.without}`);
        // Page in the host's own script (as the site's code would): the loader, then open it at once.
        frameTimes.push(
          await page.evaluate(
            async ({ src, placement, publicOrigin }) => {
              await new Promise<void>((resolve, reject) => {
                const s = document.createElement('script');
                s.src = src;
                s.async = true;
                s.dataset.placement = placement;
                s.onload = () => resolve();
                s.onerror = () => reject(new Error('loader did not load'));
                document.body.append(s);
              });
              // The loader's settings request is done before the trigger fires (as on a real page).
              await new Promise((resolve) => setTimeout(resolve, 300));
              const started = performance.now();
              const shown = new Promise<number>((resolve) => {
                window.addEventListener('message', (e) => {
                  if (e.origin === publicOrigin && (e.data as { type?: string })?.type === 'lodestone:height')
                    resolve(performance.now());
                });
              });
              (window as unknown as { lodestone: (...args: unknown[]) => void }).lodestone('open', placement);
              return (await shown) - started;
            },
            { src: `${server.publicUrl}/l.js`, placement: id, publicOrigin: new URL(server.publicUrl).origin },
          ),
        );
        await context.close();

        const shadowContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const shadowPage = await shadowContext.newPage();
        await shadowPage.goto(`${hostOrigin}${paths.without}`);
        shadowTimes.push(
          await shadowPage.evaluate(async () => {
            const started = performance.now();
            const html = await (await fetch('/proxy/form')).text();
            const doc = new DOMParser().parseFromString(html, 'text/html');
            const holder = document.createElement('div');
            const root = holder.attachShadow({ mode: 'closed' });
            for (const style of doc.querySelectorAll('style')) root.append(style.cloneNode(true));
            root.append(...Array.from(doc.body.childNodes).map((n) => n.cloneNode(true)));
            document.body.append(holder);
            await new Promise(requestAnimationFrame);
            return performance.now() - started;
          }),
        );
        await shadowContext.close();
      }
      console.log(`form's time to show after the trigger (median of ${RUNS}, loopback, desktop Chromium):`);
      console.log(
        `  iframe from the public origin (ships): ${ms(median(frameTimes))}  (min ${ms(Math.min(...frameTimes))}, max ${ms(Math.max(...frameTimes))})`,
      );
      console.log(
        `  shadow root in the host page (weighed): ${ms(median(shadowTimes))}  (min ${ms(Math.min(...shadowTimes))}, max ${ms(Math.max(...shadowTimes))})`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    if (host) await new Promise((resolve) => host!.close(resolve));
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchPlacements().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
