import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { billingDeps, type BillingDeps } from './features/billing/index.js';
import { captchaDeps, type CaptchaDeps } from './features/captcha/index.js';
import { conversionDeps, type ConversionDeps } from './features/conversions/index.js';
import { type DnsResolver, domainDeps, type DomainDeps, systemResolver } from './features/custom-domains/index.js';
import { emailToolsDeps, type EmailToolsDeps } from './features/email-tools/index.js';
import { followUpsConsumer } from './features/follow-ups/index.js';
import { emailJobSealer, sealQueuedEmailsWith } from './features/mail/index.js';
import type { EventConsumer } from './features/outbox/index.js';
import type { CheckoutDeps } from './features/payments/index.js';
import { sendingDomainDeps, type SendingDomainDeps } from './features/sending-domains/index.js';
import type { LeadDeps } from './features/submissions/index.js';
import { webhookDeps, type WebhookDeps } from './features/webhooks/index.js';
import { eventConsumers } from './event-consumers.js';
import { createStorage } from './lib/create-storage.js';
import { createSealer, type Sealer } from './lib/sealed.js';
import type { Storage } from './lib/storage.js';
import { createTokens } from './lib/tokens.js';

/**
 * What the features use, built once from the configuration by `createServices` (decision 0073): the
 * HTTP server and the job thread each call it, so a route and a task get the same dependencies.
 * It is itself a feature's `LeadDeps` (the database, the tokens, the two origins), so a use case
 * that needs only those is handed the services as they are.
 */
export interface Services extends LeadDeps {
  config: Config;
  /** Where uploaded files and exports go: the configured store, or the one the caller gave. */
  storage: Storage;
  /** Paid pages' checkouts (Stripe, PayPal), with the lead's dependencies for after the payment. */
  checkout: CheckoutDeps;
  billing: BillingDeps;
  webhooks: WebhookDeps;
  emailTools: EmailToolsDeps;
  /** Workspaces' captcha keys and the check of a sign-up's captcha (docs/decisions/0087). */
  captcha: CaptchaDeps;
  /** Conversions sent to Meta, GA4 and TikTok (docs/decisions/0088). */
  conversions: ConversionDeps;
  /** Custom domains' checks. The server's own serving map is added by the app (app-services.ts). */
  customDomains: DomainDeps;
  /** Workspaces' sending domains: their checks, and the verified one each visitor email goes from (docs/decisions/0089). */
  sendingDomains: SendingDomainDeps;
  /** What acts on each event of the outbox (event-consumers.ts). */
  eventConsumers: EventConsumer[];
  /** Seals queued emails (and opens them in the job that sends them). */
  emailSealer: Sealer;
}

export interface ServiceOptions {
  /** Where uploaded files go; the configured store (createStorage) by default. */
  storage?: Storage;
  /** Where custom and sending domains' records are looked up; DNS_SERVERS (or the system's resolvers) by default. */
  dns?: DnsResolver;
}

/** The one place the features' dependencies are built, for the app (app.ts) and the job thread (tasks.ts) alike. */
export async function createServices(config: Config, db: Db, options: ServiceOptions = {}): Promise<Services> {
  const tokens = createTokens(config.secret);
  const leads: LeadDeps = { db, tokens, publicOrigin: config.publicUrl.origin, appOrigin: config.appUrl.origin };
  const emailSealer = emailJobSealer(config.secret);
  // `queueEmail(executor, job)` is called from many use cases that hold only a database handle: the
  // key it seals with is set here, once per thread (features/mail/sealed-email-job.ts).
  sealQueuedEmailsWith(emailSealer);
  const resolver = options.dns ?? systemResolver(config.dnsServers);
  return {
    ...leads,
    config,
    storage: options.storage ?? (await createStorage(config)),
    checkout: {
      db,
      sealer: createSealer(config.secret, 'payment-credentials'),
      publicOrigin: config.publicUrl.origin,
      stripeApiUrl: config.stripeApiUrl,
      paypalApiUrl: config.paypalApiUrl,
      paypalPartner: config.paypalPartner,
      appOrigin: config.appUrl.origin,
      stripeConnect: config.stripeConnect,
      leads,
    },
    billing: billingDeps(config, db),
    webhooks: webhookDeps(config, db),
    emailTools: emailToolsDeps(config, db),
    captcha: captchaDeps(config, db),
    conversions: conversionDeps(config, db),
    customDomains: domainDeps({
      db,
      resolver,
      appUrl: config.appUrl,
      publicUrl: config.publicUrl,
    }),
    sendingDomains: sendingDomainDeps(config, db, resolver),
    // Follow-up sequences start on lead.confirmed; their consumer needs SECRET for the suppression list.
    eventConsumers: [...eventConsumers, followUpsConsumer(config.secret)],
    emailSealer,
  };
}
