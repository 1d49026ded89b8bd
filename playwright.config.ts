import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/kit/chromium';

// The config is evaluated by the runner and by each worker; the runner picks the data directory
// (and clears those of earlier runs whose database has stopped) and the workers inherit it.
if (!process.env.E2E_DATA_DIR) {
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('lodestone-e2e-'))) {
    const full = path.join(tmpdir(), dir);
    if (!existsSync(path.join(full, 'postgres', 'postmaster.pid'))) rmSync(full, { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(tmpdir(), `lodestone-e2e-${Date.now()}`);
}
mkdirSync(process.env.E2E_DATA_DIR, { recursive: true, mode: 0o755 });

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const APP_URL = `http://localhost:${PORT}`;
export const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
// Local stand-ins for Stripe and PayPal (tests/stand-ins): the app's official SDKs talk to them.
const STRIPE_STANDIN_PORT = PORT + 42;
const PAYPAL_STANDIN_PORT = PORT + 43;
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;
export const PAYPAL_URL = `http://127.0.0.1:${PAYPAL_STANDIN_PORT}`;
// Stand-ins for the email tools' APIs, and a local receiver for outbound webhooks (tests/stand-ins).
const MAILCHIMP_STANDIN_PORT = PORT + 44;
const KIT_STANDIN_PORT = PORT + 45;
const WEBHOOK_RECEIVER_PORT = PORT + 46;
export const MAILCHIMP_URL = `http://127.0.0.1:${MAILCHIMP_STANDIN_PORT}`;
export const KIT_URL = `http://127.0.0.1:${KIT_STANDIN_PORT}`;
export const WEBHOOK_RECEIVER_URL = `http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}`;
// Stand-ins for the conversions APIs (Meta, GA4, TikTok: tests/stand-ins).
const META_CAPI_STANDIN_PORT = PORT + 51;
const GA4_MP_STANDIN_PORT = PORT + 52;
const TIKTOK_EVENTS_STANDIN_PORT = PORT + 53;
export const META_CAPI_URL = `http://127.0.0.1:${META_CAPI_STANDIN_PORT}`;
export const GA4_MP_URL = `http://127.0.0.1:${GA4_MP_STANDIN_PORT}`;
export const TIKTOK_EVENTS_URL = `http://127.0.0.1:${TIKTOK_EVENTS_STANDIN_PORT}`;
// A DNS server the app asks (DNS_SERVERS), knowing no name until a test sets its records (tests/stand-ins/main.ts).
const DNS_STANDIN_PORT = PORT + 54;
const DNS_CONTROL_PORT = PORT + 55;
export const DNS_CONTROL_URL = `http://127.0.0.1:${DNS_CONTROL_PORT}`;
// Lodestone's own Stripe Billing account, at the Stripe stand-in (its prices are registered by main.ts).
const BILLING = {
  BILLING_STRIPE_SECRET_KEY: 'sk_test_lodestone_e2e_billing',
  BILLING_STRIPE_WEBHOOK_SECRET: 'whsec_lodestone_e2e_billing',
  BILLING_PRICE_PRO_MONTHLY: 'price_e2e_pro_monthly',
  BILLING_PRICE_PRO_ANNUAL: 'price_e2e_pro_annual',
  BILLING_PRICE_BUSINESS_MONTHLY: 'price_e2e_business_monthly',
  BILLING_PRICE_BUSINESS_ANNUAL: 'price_e2e_business_annual',
};

// Lodestone as a PayPal partner platform, at the PayPal stand-in (main.ts registers the partner account).
const PAYPAL_PARTNER = {
  PAYPAL_PARTNER_CLIENT_ID: 'lodestone-e2e-partner',
  PAYPAL_PARTNER_CLIENT_SECRET: 'lodestone-e2e-partner-secret',
  PAYPAL_PARTNER_MERCHANT_ID: 'LODESTONEE2E01',
  PAYPAL_PARTNER_WEBHOOK_ID: 'WHLODESTONEE2E',
  PAYPAL_PARTNER_MODE: 'sandbox',
  PAYPAL_PARTNER_BN_CODE: 'Lodestone_E2E',
};

// Lodestone as a Stripe Connect platform (docs/decisions/0081), its account at the Stripe stand-in (registered by main.ts).
const CONNECT = {
  STRIPE_CONNECT_SECRET_KEY: 'sk_test_lodestone_e2e_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_lodestone_e2e_connect',
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: APP_URL,
    screenshot: 'only-on-failure',
    // A failed journey keeps its trace (actions, DOM snapshots, network). Without the screencast:
    // encoding a frame for every paint made 18 journeys 17% slower on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node --import tsx tests/stand-ins/main.ts',
      url: `${STRIPE_URL}/_test/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        STRIPE_STANDIN_PORT: String(STRIPE_STANDIN_PORT),
        PAYPAL_STANDIN_PORT: String(PAYPAL_STANDIN_PORT),
        MAILCHIMP_STANDIN_PORT: String(MAILCHIMP_STANDIN_PORT),
        KIT_STANDIN_PORT: String(KIT_STANDIN_PORT),
        WEBHOOK_RECEIVER_PORT: String(WEBHOOK_RECEIVER_PORT),
        META_CAPI_STANDIN_PORT: String(META_CAPI_STANDIN_PORT),
        GA4_MP_STANDIN_PORT: String(GA4_MP_STANDIN_PORT),
        TIKTOK_EVENTS_STANDIN_PORT: String(TIKTOK_EVENTS_STANDIN_PORT),
        DNS_STANDIN_PORT: String(DNS_STANDIN_PORT),
        DNS_CONTROL_PORT: String(DNS_CONTROL_PORT),
        ...BILLING,
        BILLING_WEBHOOK_URL: `${PUBLIC_URL}/webhooks/billing`,
        ...PAYPAL_PARTNER,
        PAYPAL_PARTNER_WEBHOOK_URL: `${PUBLIC_URL}/webhooks/paypal-partner`,
        ...CONNECT,
        CONNECT_WEBHOOK_URL: `${PUBLIC_URL}/webhooks/stripe-connect`,
      },
    },
    {
      command: 'npm run build && node --enable-source-maps dist/server/main.js',
      url: `${APP_URL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      // SIGTERM lets the server stop its embedded PostgreSQL; the default SIGKILL would orphan it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        APP_URL,
        PUBLIC_URL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        STRIPE_API_URL: STRIPE_URL,
        PAYPAL_API_URL: PAYPAL_URL,
        MAILCHIMP_API_URL: MAILCHIMP_URL,
        KIT_API_URL: KIT_URL,
        META_GRAPH_URL: META_CAPI_URL,
        GA4_MP_URL: GA4_MP_URL,
        TIKTOK_API_URL: TIKTOK_EVENTS_URL,
        DNS_SERVERS: `127.0.0.1:${DNS_STANDIN_PORT}`,
        // The journeys deliver webhooks to a receiver on this machine (docs/configuration.md, WEBHOOKS_ALLOW_PRIVATE_NETWORKS: its risk in production).
        WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
        ...BILLING,
        ...PAYPAL_PARTNER,
        ...CONNECT,
      },
    },
  ],
});
