import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { launchChromium } from './chromium';
import { ownerWithPublishedPage } from './lib';
import { withServer } from './lighthouse-lib';

/*
 * npm run bench:blocking [-- /path ...]: how long the owner's screens keep a phone's page from
 * answering a tap once it has painted. Each screen is loaded BLOCKING_LOADS times (default 9), each
 * in a fresh browser context (a cold cache), in Chromium slowed as Lighthouse's mobile preset slows
 * it (4× CPU, 562.5 ms round trips, 1.47 Mbit/s down: DevTools throttling, applied for real, not
 * simulated), signed in as an owner with one published page; `{page}` stands for that page's id.
 * Prints per screen the medians of: first contentful paint, the blocking time after it (the sum of
 * each long task's part over 50 ms, as Lighthouse's Total Blocking Time counts it, up to the load's
 * end), and all long tasks; the site's Home page, which formats nothing and Lighthouse scores 97–99
 * here, is measured beside them as the reference. The script builds the app first.
 *
 * Lighthouse (npm run lighthouse:site) simulates the same phone from one trace: on this VM its
 * blocking time for one screen swung from 100 to 1,400 ms between runs; these medians of real loads
 * moved by about 100 ms between runs at the same load, more as the load changed: compare builds in
 * runs that take turns.
 */

const LOADS = Math.max(1, Number(process.env.BLOCKING_LOADS ?? 9));
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) paths.push('/', '/dashboard', '/dashboard/leads', '/dashboard/forms/{page}');

/** Lighthouse's mobile slow 4G, as DevTools throttling applies it. */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

interface Load {
  fcp: number;
  blocking: number;
  longTasks: number;
}

async function load(page: Page, url: string): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await page.addInitScript(() => {
    const tasks: [number, number][] = [];
    Object.assign(window, { longTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500); // what the last answers set off
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tasks = (window as unknown as { longTasks: [number, number][] }).longTasks;
    return {
      fcp,
      blocking: tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      longTasks: tasks.reduce((sum, [, duration]) => sum + duration, 0),
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
};

await withServer(async (server) => {
  const { cookies, screenPath } = await ownerWithPublishedPage(server.appUrl);
  const browser = await launchChromium();
  try {
    console.log(
      `Chromium at 4× CPU, 562.5 ms RTT, 1.47 Mbit/s; ${LOADS} cold loads per screen, medians ` +
        `(load average ${loadavg()[0]!.toFixed(1)} at the start)`,
    );
    console.log('screen                         first paint  blocking after it  long tasks in all');
    for (const path of paths.map(screenPath)) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        await context.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: server.appUrl })));
        try {
          loads.push(await load(await context.newPage(), `${server.appUrl}${path}`));
        } finally {
          await context.close();
        }
      }
      const column = (key: keyof Load, width: number) => `${median(loads.map((l) => l[key]))} ms`.padStart(width);
      console.log(
        `${path.padEnd(29)}${column('fcp', 13)}${column('blocking', 19)}${column('longTasks', 19)}` +
          `   (blocking per load: ${loads.map((l) => Math.round(l.blocking)).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
  }
});
