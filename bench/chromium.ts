import { chromium } from '@playwright/test';

/** Debian's Chromium, headless, with the flags this machine needs (as playwright.config.ts uses it). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
