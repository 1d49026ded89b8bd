import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { startServer } from './lib';

/*
 * npm run lighthouse:site [-- /path ...]: Lighthouse (mobile form factor, its default) on pages of
 * the owner's app — by default the Home page — served by a real server on its embedded defaults
 * (the script builds the app first). Prints the accessibility, best-practices and SEO scores next
 * to the target of 95 each, and every audit that cost points; exits 1 when a score is below it.
 * Chrome: CHROME_PATH, else /usr/bin/chromium.
 */

const TARGET = 95;
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) paths.push('/');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

async function audit(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse: ${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
    return run.lhr;
  } finally {
    chrome.kill();
  }
}

const server = await startServer();
try {
  console.log(`Lighthouse ${lighthousePackage.version} (${chromePath}), mobile form factor; target ${TARGET} per category`);
  for (const path of paths) {
    const url = `${server.appUrl}${path}`;
    const lhr = await audit(url);
    const scores = CATEGORIES.map((id) => ({ id, score: Math.round((lhr.categories[id]?.score ?? 0) * 100) }));
    const ok = scores.every((s) => s.score >= TARGET);
    if (!ok) process.exitCode = 1;
    console.log(
      `${path}: ${scores.map((s) => `${s.id} ${s.score} (target ${TARGET})`).join(', ')} ${ok ? 'OK' : 'BELOW TARGET'}`,
    );
    for (const { id } of scores) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const result = lhr.audits[ref.id];
        if (ref.weight > 0 && result && result.score !== null && result.score < 1) {
          console.log(`  ${id}: ${ref.id}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ''}`);
          const items = result.details && 'items' in result.details ? result.details.items : [];
          for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
        }
      }
    }
    for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
  }
} catch (err) {
  console.error(`lighthouse failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await server.stop();
}
