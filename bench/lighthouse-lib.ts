import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { startCaddy } from '@tests/deploy/kit/caddy';
import { freePort, startServer, tempDir, type RunningServer } from './lib';
import { CHROMIUM_FLAGS } from './chromium';

// Shared by bench/lighthouse.ts and bench/lighthouse-site.ts: Lighthouse in a fresh headless Chrome,
// its scores, and the script's frame (a real server, a failure message, exit code 1).

export const lighthouseVersion = lighthousePackage.version;
/** Chrome: CHROME_PATH, else /usr/bin/chromium. */
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * LIGHTHOUSE_HTTPS=1: the server behind Caddy, as docs/production.md deploys it (HTTPS, so HTTP/2),
 * with certificates from Caddy's own authority, which this Chrome is told to accept.
 */
export const viaCaddy = process.env.LIGHTHOUSE_HTTPS === '1';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, ...(viaCaddy ? ['--ignore-certificate-errors'] : [])];

export function launchChrome() {
  return chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

/** One Lighthouse run in a fresh Chrome (a reused one sometimes loses the trace: NO_NAVSTART). */
export async function audit(url: string, flags: Pick<Flags, 'formFactor' | 'onlyCategories' | 'extraHeaders'>) {
  const chrome = await launchChrome();
  try {
    const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse: ${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
    return run.lhr;
  } finally {
    chrome.kill();
  }
}

export type Report = Awaited<ReturnType<typeof audit>>;

/** A category's score out of 100 (0 when it is missing). */
export function score(lhr: Report, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** The audits of a category that cost it points. */
export function failedAudits(lhr: Report, category: string) {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const result = lhr.audits[ref.id];
    return ref.weight > 0 && result && result.score !== null && result.score < 1 ? [{ id: ref.id, result }] : [];
  });
}

export function printWarnings(lhr: Report) {
  for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
}

/**
 * Runs `body` against a real server on its embedded defaults, its URLs being where a browser reaches
 * it: the server itself, or Caddy in front of it (LIGHTHOUSE_HTTPS=1). Any failure is printed and exits 1.
 */
export async function withServer(body: (server: Pick<RunningServer, 'appUrl' | 'publicUrl' | 'dataDir'>) => Promise<void>) {
  const httpsPort = viaCaddy ? await freePort() : 0;
  const behindCaddy = { appUrl: `https://localhost:${httpsPort}`, publicUrl: `https://127.0.0.1:${httpsPort}` };
  const server = await startServer(
    viaCaddy ? { APP_URL: behindCaddy.appUrl, PUBLIC_URL: behindCaddy.publicUrl, TRUST_PROXY: 'true' } : {},
  );
  const dir = viaCaddy ? tempDir('lodestone-lighthouse-caddy-') : '';
  const caddy = viaCaddy
    ? await startCaddy({ dir, httpPort: await freePort(), httpsPort, upstreamPort: Number(new URL(server.appUrl).port) })
    : undefined;
  try {
    // This process signs the owner up through Caddy too, trusting its certificates as Chrome does.
    if (caddy) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    await body(caddy ? { ...behindCaddy, dataDir: server.dataDir } : server);
  } catch (err) {
    console.error(`lighthouse failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await caddy?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}
