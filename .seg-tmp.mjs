import { chromium } from '@playwright/test';
const [path, name, width = '360', seg = '1100'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto('http://localhost:4173' + path, { waitUntil: 'networkidle' });
if (process.env.ACTION) await eval(`(async () => { ${process.env.ACTION} })()`);
await page.waitForTimeout(300);
const height = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < height; y += Number(seg), i++) {
  await page.screenshot({ path: `/tmp/shots-web/${name}-seg${i}.png`, fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(Number(seg), height - y) } });
}
console.log('height', height);
await browser.close();
