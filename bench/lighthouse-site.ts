import { audit, chromePath, failedAudits, lighthouseVersion, printWarnings, score, withServer } from './lighthouse-lib';

/*
 * npm run lighthouse:site [-- /path ...]: Lighthouse (mobile form factor, its default) on pages of
 * the owner's app — by default the Home page — served by a real server on its embedded defaults
 * (the script builds the app first). Prints the accessibility, best-practices and SEO scores next
 * to the target of 95 each, and every audit that cost points; exits 1 when a score is below it.
 * Chrome: CHROME_PATH, else /usr/bin/chromium.
 */

const TARGET = 95;
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) paths.push('/');

await withServer(async (server) => {
  console.log(`Lighthouse ${lighthouseVersion} (${chromePath}), mobile form factor; target ${TARGET} per category`);
  for (const path of paths) {
    const url = `${server.appUrl}${path}`;
    const lhr = await audit(url, { onlyCategories: [...CATEGORIES] });
    const scores = CATEGORIES.map((id) => ({ id, score: score(lhr, id) }));
    const ok = scores.every((s) => s.score >= TARGET);
    if (!ok) process.exitCode = 1;
    console.log(
      `${path}: ${scores.map((s) => `${s.id} ${s.score} (target ${TARGET})`).join(', ')} ${ok ? 'OK' : 'BELOW TARGET'}`,
    );
    for (const { id } of scores) {
      for (const { id: auditId, result } of failedAudits(lhr, id)) {
        console.log(`  ${id}: ${auditId}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ''}`);
        const items = result.details && 'items' in result.details ? result.details.items : [];
        for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
    printWarnings(lhr);
  }
});
