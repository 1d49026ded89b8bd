/**
 * Runs both stand-ins for browser tests (a Playwright webServer):
 *   node --import tsx tests/stand-ins/main.ts
 * Ports: STRIPE_STANDIN_PORT (default 4242), PAYPAL_STANDIN_PORT (default 4243), MAILCHIMP_STANDIN_PORT
 * (default 4244), KIT_STANDIN_PORT (default 4245), META_CAPI_STANDIN_PORT (default 4251), GA4_MP_STANDIN_PORT
 * (default 4252), TIKTOK_EVENTS_STANDIN_PORT (default 4253), and a DNS server on DNS_STANDIN_PORT (UDP, default
 * 4254) whose table a test replaces with PUT /records (JSON, tests/stand-ins/dns.ts' DnsTable) on
 * DNS_CONTROL_PORT (default 4255); it starts empty, knowing no name. Webhooks go out
 * STANDIN_WEBHOOK_DELAY_MS (default 300) after the payment, as the real providers' arrive shortly after.
 * Both answer GET /_test/health.
 *
 * With PAYPAL_PARTNER_CLIENT_ID, PAYPAL_PARTNER_CLIENT_SECRET and PAYPAL_PARTNER_WEBHOOK_ID set (and
 * PAYPAL_PARTNER_MERCHANT_ID), Lodestone's PayPal partner account is registered at start: its webhook,
 * subscribed to every event, goes to PAYPAL_PARTNER_WEBHOOK_URL.
 *
 * With BILLING_STRIPE_SECRET_KEY and BILLING_STRIPE_WEBHOOK_SECRET set, Lodestone's own Stripe
 * Billing account is registered at start: its webhooks go to BILLING_WEBHOOK_URL, and its prices
 * are the ids in BILLING_PRICE_{PRO,BUSINESS}_{MONTHLY,ANNUAL} (the same variables the server reads).
 */
import { createServer } from 'node:http';
import { startDns, type DnsTable } from './dns.js';
import { startGa4MpStandIn } from './ga4-mp.js';
import { startKitStandIn } from './kit.js';
import { startMailchimpStandIn } from './mailchimp.js';
import { startMetaCapiStandIn } from './meta-capi.js';
import { startPaypalStandIn } from './paypal.js';
import { type PriceRegistration, startStripeStandIn, type StripeAccount } from './stripe.js';
import { startTiktokEventsStandIn } from './tiktok-events.js';
import { startWebhookReceiver } from './webhook-receiver.js';

function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name} must be a port number`);
  return value;
}

/** Lodestone's plans as docs/product.md#plans-and-limits prices them: Pro $29 and Business $99 a month, a year at 20% off. */
const BILLING_PRICES: { variable: string; productName: string; unitAmount: number; interval: 'month' | 'year' }[] = [
  { variable: 'BILLING_PRICE_PRO_MONTHLY', productName: 'Lodestone Pro', unitAmount: 2900, interval: 'month' },
  { variable: 'BILLING_PRICE_PRO_ANNUAL', productName: 'Lodestone Pro', unitAmount: 27840, interval: 'year' },
  { variable: 'BILLING_PRICE_BUSINESS_MONTHLY', productName: 'Lodestone Business', unitAmount: 9900, interval: 'month' },
  { variable: 'BILLING_PRICE_BUSINESS_ANNUAL', productName: 'Lodestone Business', unitAmount: 95040, interval: 'year' },
];

function billingAccountFromEnv(): StripeAccount | undefined {
  const secretKey = process.env.BILLING_STRIPE_SECRET_KEY;
  const webhookSecret = process.env.BILLING_STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return undefined;
  const prices: PriceRegistration[] = BILLING_PRICES.flatMap(({ variable, ...price }) => {
    const id = process.env[variable];
    return id ? [{ id, currency: 'usd', ...price }] : [];
  });
  return {
    secretKey,
    webhookSecret,
    webhookUrl: process.env.BILLING_WEBHOOK_URL || undefined,
    businessName: 'Lodestone',
    prices,
  };
}

const webhookDelayMs = Number(process.env.STANDIN_WEBHOOK_DELAY_MS ?? 300);
if (!Number.isFinite(webhookDelayMs) || webhookDelayMs < 0)
  throw new Error('STANDIN_WEBHOOK_DELAY_MS must be a number of milliseconds');
const stripe = await startStripeStandIn({ port: portFromEnv('STRIPE_STANDIN_PORT', 4242), webhookDelayMs });
const billingAccount = billingAccountFromEnv();
if (billingAccount) {
  stripe.addAccount(billingAccount);
  console.log(`Stripe billing account registered with ${billingAccount.prices?.length ?? 0} prices`);
}
// Lodestone as a Connect platform: its connected accounts' events go to CONNECT_WEBHOOK_URL.
if (process.env.STRIPE_CONNECT_SECRET_KEY && process.env.STRIPE_CONNECT_WEBHOOK_SECRET) {
  stripe.addAccount({
    secretKey: process.env.STRIPE_CONNECT_SECRET_KEY,
    webhookSecret: `${process.env.STRIPE_CONNECT_WEBHOOK_SECRET}_own`,
    businessName: 'Lodestone',
    connectWebhookUrl: process.env.CONNECT_WEBHOOK_URL || undefined,
    connectWebhookSecret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET,
  });
  console.log('Stripe Connect platform account registered');
}
const paypal = await startPaypalStandIn({ port: portFromEnv('PAYPAL_STANDIN_PORT', 4243), webhookDelayMs });
// Lodestone as a PayPal partner platform: the same PAYPAL_PARTNER_* variables the server reads.
const partner = {
  clientId: process.env.PAYPAL_PARTNER_CLIENT_ID,
  clientSecret: process.env.PAYPAL_PARTNER_CLIENT_SECRET,
  webhookId: process.env.PAYPAL_PARTNER_WEBHOOK_ID,
  merchantId: process.env.PAYPAL_PARTNER_MERCHANT_ID,
};
if (partner.clientId && partner.clientSecret && partner.webhookId) {
  paypal.addAccount({
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    webhookId: partner.webhookId,
    merchantId: partner.merchantId,
    webhookUrl: process.env.PAYPAL_PARTNER_WEBHOOK_URL || undefined,
    eventTypes: ['*'],
  });
  console.log('PayPal partner account registered');
}
console.log(`Stripe stand-in: ${stripe.url}`);
console.log(`PayPal stand-in: ${paypal.url}`);
const receiver = await startWebhookReceiver({ port: portFromEnv('WEBHOOK_RECEIVER_PORT', 4246) });
console.log(`Webhook receiver: ${receiver.url}`);
const mailchimp = await startMailchimpStandIn({ port: portFromEnv('MAILCHIMP_STANDIN_PORT', 4244) });
const kit = await startKitStandIn({ port: portFromEnv('KIT_STANDIN_PORT', 4245) });
console.log(`Mailchimp stand-in: ${mailchimp.url}`);
console.log(`Kit stand-in: ${kit.url}`);
const metaCapi = await startMetaCapiStandIn({ port: portFromEnv('META_CAPI_STANDIN_PORT', 4251) });
const ga4Mp = await startGa4MpStandIn({ port: portFromEnv('GA4_MP_STANDIN_PORT', 4252) });
const tiktokEvents = await startTiktokEventsStandIn({ port: portFromEnv('TIKTOK_EVENTS_STANDIN_PORT', 4253) });
console.log(`Meta Conversions API stand-in: ${metaCapi.url}`);
console.log(`GA4 Measurement Protocol stand-in: ${ga4Mp.url}`);
console.log(`TikTok Events API stand-in: ${tiktokEvents.url}`);
const dns = await startDns({}, { port: portFromEnv('DNS_STANDIN_PORT', 4254) });
const dnsControl = createServer((req, res) => {
  if (req.method !== 'PUT' || req.url !== '/records') return void res.writeHead(404).end();
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    try {
      dns.set(JSON.parse(body) as DnsTable);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((resolve) => dnsControl.listen(portFromEnv('DNS_CONTROL_PORT', 4255), '127.0.0.1', resolve));
console.log(`DNS stand-in: ${dns.address}`);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Stand-ins stopping (${signal})`);
  await Promise.allSettled([
    stripe.close(),
    paypal.close(),
    receiver.close(),
    mailchimp.close(),
    kit.close(),
    metaCapi.close(),
    ga4Mp.close(),
    tiktokEvents.close(),
    dns.close(),
    new Promise((resolve) => dnsControl.close(resolve)),
  ]);
  process.exit(0);
}
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
