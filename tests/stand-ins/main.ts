/**
 * Runs both stand-ins for browser tests (a Playwright webServer):
 *   node --import tsx tests/stand-ins/main.ts
 * Ports: STRIPE_STANDIN_PORT (default 4242), PAYPAL_STANDIN_PORT (default 4243), MAILCHIMP_STANDIN_PORT
 * (default 4244), KIT_STANDIN_PORT (default 4245). Webhooks go out
 * STANDIN_WEBHOOK_DELAY_MS (default 300) after the payment, as the real providers' arrive shortly after.
 * Both answer GET /_test/health.
 */
import { startKitStandIn } from './kit.js';
import { startMailchimpStandIn } from './mailchimp.js';
import { startPaypalStandIn } from './paypal.js';
import { startStripeStandIn } from './stripe.js';
import { startWebhookReceiver } from './webhook-receiver.js';

function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name} must be a port number`);
  return value;
}

const webhookDelayMs = Number(process.env.STANDIN_WEBHOOK_DELAY_MS ?? 300);
if (!Number.isFinite(webhookDelayMs) || webhookDelayMs < 0)
  throw new Error('STANDIN_WEBHOOK_DELAY_MS must be a number of milliseconds');
const stripe = await startStripeStandIn({ port: portFromEnv('STRIPE_STANDIN_PORT', 4242), webhookDelayMs });
const paypal = await startPaypalStandIn({ port: portFromEnv('PAYPAL_STANDIN_PORT', 4243), webhookDelayMs });
console.log(`Stripe stand-in: ${stripe.url}`);
console.log(`PayPal stand-in: ${paypal.url}`);
const receiver = await startWebhookReceiver({ port: portFromEnv('WEBHOOK_RECEIVER_PORT', 4246) });
console.log(`Webhook receiver: ${receiver.url}`);
const mailchimp = await startMailchimpStandIn({ port: portFromEnv('MAILCHIMP_STANDIN_PORT', 4244) });
const kit = await startKitStandIn({ port: portFromEnv('KIT_STANDIN_PORT', 4245) });
console.log(`Mailchimp stand-in: ${mailchimp.url}`);
console.log(`Kit stand-in: ${kit.url}`);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`Stand-ins stopping (${signal})`);
  await Promise.allSettled([stripe.close(), paypal.close(), receiver.close(), mailchimp.close(), kit.close()]);
  process.exit(0);
}
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
