import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const base = 'http://localhost:4173';
const pages = [
  ['home', '/'],
  ['404', '/does-not-exist'],
  ['sign-in', '/sign-in'],
  ['sign-up', '/sign-up'],
  ['forgot', '/forgot-password'],
  ...(process.env.EXTRA ? process.env.EXTRA.split(',').map((p) => [p.replace(/\W+/g, '_'), p]) : []),
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [1280, 360]) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  for (const [name, path] of pages) {
    logs.length = 0;
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-web/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const axe = await new AxeBuilder({ page }).analyze();
    const bad = axe.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length}) ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
    const h1 = await page.locator('h1').count();
    console.log(`${name}@${width} title="${await page.title()}" h1=${h1} overflow=${overflow}`);
    for (const b of bad) console.log('   axe:', b);
    for (const l of logs) console.log('   log:', l.slice(0, 200));
  }
  await context.close();
}
await browser.close();
