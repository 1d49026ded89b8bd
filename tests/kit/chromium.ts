import { chromium } from '@playwright/test';

/** The flags Debian's Chromium needs on this machine (as playwright.config.ts launches it). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, through Playwright. */
export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
