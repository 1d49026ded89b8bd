import { gzipSync } from 'node:zlib';
import { ownerWithPublishedPage, startServer } from './lib';
import { launchChromium } from './chromium';

/*
 * npm run bench:web-weight [-- /path ...]: the JavaScript a cold load of each key screen downloads
 * (a fresh browser context per screen, so nothing is cached), in Chromium as the journeys run it.
 * Prints per screen the number of scripts, their raw size, their gzip size (what Vite's build report
 * calls gzip) and the bytes on the wire as the server sent them (brotli when the browser asks for
 * it), beside the Home page's budget. The owner's screens (the dashboard, the creator, settings) load signed
 * in, the others as a visitor without a session would. The script builds the app first.
 * `--scripts` lists each screen's scripts too, largest first, with their gzip size. The owner has one
 * published page; `{page}` in a path stands for its id (`/dashboard/forms/{page}` is its analytics).
 */

const HOME_BUDGET_GZIP = 100 * 1024;
const DEFAULT_PATHS = [
  '/',
  '/pricing',
  '/features',
  '/help',
  '/sign-in',
  '/dashboard',
  '/page-creator',
  '/dashboard/leads',
  '/dashboard/forms/{page}',
];
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const listScripts = process.argv.includes('--scripts');
if (paths.length === 0) paths.push(...DEFAULT_PATHS);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ownerScreen = (path: string) => /^\/(dashboard|settings|page-creator)(\/|$)/.test(path);

const server = await startServer();
const browser = await launchChromium();
try {
  const { cookies: session, screenPath } = await ownerWithPublishedPage(server.appUrl);
  const { hostname } = new URL(server.appUrl);
  console.log(`JavaScript of a cold load per screen (Chromium, fresh context each); Home budget ${kb(HOME_BUDGET_GZIP)} gzip`);
  for (const path of paths.map(screenPath)) {
    const context = await browser.newContext();
    if (ownerScreen(path)) await context.addCookies(session.map((c) => ({ ...c, domain: hostname, path: '/' })));
    const page = await context.newPage();
    const scripts: { url: string; wire: Promise<number>; body: Promise<Buffer> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({
        url: response.url(),
        wire: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
        body: response.body(),
      });
    });
    await page.goto(`${server.appUrl}${path}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    let wire = 0;
    const listed: { name: string; gzip: number }[] = [];
    for (const script of scripts) {
      const body = await script.body;
      const zipped = gzipSync(body).length;
      raw += body.length;
      gzip += zipped;
      wire += await script.wire;
      listed.push({ name: new URL(script.url).pathname, gzip: zipped });
    }
    const budget = path === '/' ? `  (budget ${kb(HOME_BUDGET_GZIP)}: ${gzip <= HOME_BUDGET_GZIP ? 'OK' : 'OVER'})` : '';
    if (path === '/' && gzip > HOME_BUDGET_GZIP) process.exitCode = 1;
    console.log(
      `${path.padEnd(18)} ${ownerScreen(path) ? 'owner  ' : 'visitor'} ${String(scripts.length).padStart(3)} scripts  raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  wire ${kb(wire).padStart(8)}  landed on ${new URL(page.url()).pathname}${budget}`,
    );
    if (listScripts)
      for (const { name, gzip: size } of listed.sort((a, b) => b.gzip - a.gzip))
        console.log(`    ${kb(size).padStart(9)}  ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
