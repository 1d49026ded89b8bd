import { createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, PaidPlanId } from '@/domain/billing';
import type { CaptchaProvider } from '@/domain/captcha';
import type { PlanId } from '@/domain/plans';

const BILLING_PRICE_VARS = [
  'BILLING_PRICE_PRO_MONTHLY',
  'BILLING_PRICE_PRO_ANNUAL',
  'BILLING_PRICE_BUSINESS_MONTHLY',
  'BILLING_PRICE_BUSINESS_ANNUAL',
] as const;

const CONNECT_FEE_VARS = [
  'STRIPE_CONNECT_FEE_PERCENT_FREE',
  'STRIPE_CONNECT_FEE_PERCENT_PRO',
  'STRIPE_CONNECT_FEE_PERCENT_BUSINESS',
] as const;

/** Lodestone as a Stripe Connect platform: owners' own accounts connected to it, their checkouts opened on them. */
export interface StripeConnectConfig {
  /** The platform account's secret key: every call on a connected account is made with it and `Stripe-Account`. */
  secretKey: string;
  /** The signing secret of the platform's one Connect webhook endpoint (PUBLIC_URL/webhooks/stripe-connect). */
  webhookSecret: string;
  /** The platform's fee per plan, in percent of each payment (0: no application fee). */
  feePercent: Record<PlanId, number>;
}

/** Lodestone's own Stripe Billing account: the keys and the price of each plan and interval. */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price ids by `${plan}:${interval}`, e.g. 'pro:year'. */
  prices: Record<`${PaidPlanId}:${BillingInterval}`, string>;
  /** The customer portal's configuration (cancel at period end, downgrades at period end); Stripe's default if unset. */
  portalConfiguration: string | undefined;
}

/**
 * Every setting Lodestone reads. Nothing else in the code base reads process.env. Each one is
 * described in docs/configuration.md, which config-reference.test.ts holds to this list.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Lodestone <no-reply@lodestone.local>'),
  // What owners' sending domains put in their SPF record (docs/decisions/0089); MAIL_FROM's domain by default.
  MAIL_SPF_INCLUDE: z
    .string()
    .regex(
      /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9])?)+$/,
      'must be a domain name such as _spf.example.com',
    )
    .optional(),
  // Follow-up emails a workspace may have queued per minute (docs/decisions/0090); the rest wait for the next minute.
  FOLLOW_UP_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  // The mail providers' bounce and complaint webhooks (PUBLIC_URL/webhooks/mail/…); each route exists only with its key.
  SENDGRID_WEBHOOK_PUBLIC_KEY: z
    .string()
    .refine(isP256PublicKey, 'must be the verification key SendGrid shows for the signed Event Webhook (base64)')
    .optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z
    .string()
    .regex(/^\S{8,200}$/, 'must be the HTTP webhook signing key Mailgun shows')
    .optional(),
  SUPPORT_EMAIL: z.email().default('support@lodestone.local'),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Seconds a shared cache (a CDN, nginx's proxy_cache) in front may keep a published page (docs/decisions/0091); 0: none may.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Seconds a stop (SIGTERM) may take before the process exits anyway: under the supervisor's own (30 s).
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(25),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  // `{dc}` is replaced by the data centre at the end of the account's API key (e.g. us21).
  MAILCHIMP_API_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default('https://{dc}.api.mailchimp.com'),
  KIT_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.kit.com'),
  // The conversions APIs (docs/decisions/0088); their versioned paths are added to these.
  META_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  GA4_MP_URL: z.url({ protocol: /^https?$/ }).default('https://www.google-analytics.com'),
  TIKTOK_API_URL: z.url({ protocol: /^https?$/ }).default('https://business-api.tiktok.com'),
  // The captcha providers' siteverify endpoints (docs/decisions/0087), whole.
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  HCAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://api.hcaptcha.com/siteverify'),
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://www.google.com/recaptcha/api/siteverify'),
  // The DNS servers that check custom domains' records (docs/decisions/0055): `ip` or `ip:port`, comma separated.
  DNS_SERVERS: z
    .string()
    .refine(
      (value) => value.split(',').every((entry) => dnsServer(entry.trim()) !== null),
      'must be IP addresses, each optionally with :port ([v6]:port), separated by commas',
    )
    .optional(),
  // Lodestone's own Stripe account, for selling its plans (docs/decisions/0046); all six or none.
  BILLING_STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key')
    .optional(),
  BILLING_STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret')
    .optional(),
  ...Object.fromEntries(
    BILLING_PRICE_VARS.map((name) => [
      name,
      z
        .string()
        .regex(/^price_\S+$/, 'must be a Stripe price id')
        .optional(),
    ]),
  ),
  BILLING_STRIPE_PORTAL_CONFIGURATION: z
    .string()
    .regex(/^bpc_\S+$/, 'must be a billing portal configuration id')
    .optional(),
  // Lodestone as a PayPal partner platform (docs/decisions/0082): owners connect PayPal with one button; the four ids and the mode together, or none.
  PAYPAL_PARTNER_CLIENT_ID: z
    .string()
    .regex(/^\S{8,200}$/, 'must be the REST app client ID of the partner account')
    .optional(),
  PAYPAL_PARTNER_CLIENT_SECRET: z
    .string()
    .regex(/^\S{8,200}$/, 'must be the REST app secret of the partner account')
    .optional(),
  PAYPAL_PARTNER_MERCHANT_ID: z
    .string()
    .regex(/^[A-Z0-9]{8,20}$/, "must be the partner's own PayPal merchant id (e.g. 7ZG6PQ2H4KX3L)")
    .optional(),
  PAYPAL_PARTNER_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{6,64}$/, 'must be the id PayPal shows for the platform webhook')
    .optional(),
  PAYPAL_PARTNER_MODE: z.enum(['sandbox', 'live']).optional(),
  PAYPAL_PARTNER_BN_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the partner attribution id (BN code) PayPal gave the platform')
    .optional(),
  // Lodestone as a Stripe Connect platform (docs/decisions/0081): owners press "Connect with Stripe"; both or neither.
  STRIPE_CONNECT_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, "must be the platform account's Stripe secret key")
    .optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be the signing secret of the Connect webhook endpoint')
    .optional(),
  ...Object.fromEntries(
    CONNECT_FEE_VARS.map((name) => [
      name,
      z
        .string()
        .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage from 0 to 99.99, e.g. 2.5')
        .optional(),
    ]),
  ),
  // Uploads on an S3-compatible object store (docs/decisions/0054); without S3_BUCKET they stay on local disk.
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,255}$/, 'must be a bucket name')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 (R2: auto)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\/?$/,
      'must be a key prefix such as lodestone/ (letters, digits, . _ - and /)',
    )
    .optional(),
});

type BillingPriceVar = (typeof BILLING_PRICE_VARS)[number];
type ConnectFeeVar = (typeof CONNECT_FEE_VARS)[number];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: URL;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The domain every sending domain's SPF record includes (`include:{mailSpfInclude}`): MAIL_SPF_INCLUDE, else MAIL_FROM's domain. */
  mailSpfInclude: string;
  /** Follow-up emails one workspace may have queued per minute: FOLLOW_UP_SENDS_PER_MINUTE. */
  followUpSendsPerMinute: number;
  /** SendGrid's Event Webhook verification key (base64 SPKI); unset: no SendGrid webhook route. */
  sendgridWebhookPublicKey: string | undefined;
  /** Mailgun's HTTP webhook signing key; unset: no Mailgun webhook route. */
  mailgunWebhookSigningKey: string | undefined;
  /** Where contact-form messages go, and the address the site shows for support. */
  supportEmail: string;
  secret: string;
  trustProxy: boolean;
  /** Seconds a shared cache may keep a published page's document (PAGE_CACHE_SECONDS); 0: `no-store`, as without a cache. */
  pageCacheSeconds: number;
  logLevel: string;
  /** After SIGTERM or SIGINT, how long draining requests and jobs may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Stripe's API; tests point it at a local stand-in. */
  stripeApiUrl: URL;
  /** PayPal's API for every account; unset = each account's own (api-m.paypal.com or api-m.sandbox.paypal.com). */
  paypalApiUrl: URL | undefined;
  /** Lets webhooks reach private, loopback and link-local addresses: only for a self-hosted install's own services. */
  webhooksAllowPrivateNetworks: boolean;
  /** Mailchimp's Marketing API; `{dc}` stands for the account's data centre. Tests point it at a stand-in. */
  mailchimpApiUrl: string;
  /** Kit's API (v4 paths are added to it). Tests point it at a stand-in. */
  kitApiUrl: URL;
  /** Meta's Graph API, GA4's Measurement Protocol and TikTok's Business API, for conversions. Tests point them at stand-ins. */
  metaGraphUrl: URL;
  ga4MpUrl: URL;
  tiktokApiUrl: URL;
  /** Where captcha tokens are checked, per provider (their siteverify endpoints). Tests point them at a stand-in. */
  captchaVerifyUrls: Record<CaptchaProvider, URL>;
  /** Unset on a self-hosted server: owners then paste their own Stripe keys. */
  stripeConnect: StripeConnectConfig | undefined;
  /** Unset on a self-hosted server that sells nothing: plans are then set with `npm run plan`. */
  billing: BillingConfig | undefined;
  /** Lodestone as a PayPal partner platform (owners press "Connect PayPal"); unset: owners paste their own REST app's keys. */
  paypalPartner: PaypalPartnerConfig | undefined;
  /** Where uploads are kept: DATA_DIR/files, or an S3-compatible bucket (S3_*) that every server shares. */
  storage: StorageConfig;
  /** Where custom domains' DNS records are looked up (`ip` or `ip:port` each, as node:dns takes them); unset: the system's resolvers. */
  dnsServers: string[] | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));

/** Reads and checks the environment. Throws ConfigError naming every bad value at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (production && !e.SMTP_URL)
    problems.push('SMTP_URL: required when NODE_ENV=production (emails cannot go to the dev mailbox)');
  if (production && !e.SECRET) problems.push('SECRET: required when NODE_ENV=production (at least 32 characters)');

  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`);
  if (appUrl.host === publicUrl.host) {
    problems.push(`PUBLIC_URL: must be on a different host from APP_URL (both are ${appUrl.host})`);
  }
  const billing = billingConfig(e as typeof e & Record<BillingPriceVar, string | undefined>, problems);
  const s3 = s3Config(e, problems);
  const paypalPartner = paypalPartnerConfig(e, problems);
  const stripeConnect = stripeConnectConfig(e as typeof e & Record<ConnectFeeVar, string | undefined>, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailSpfInclude: (e.MAIL_SPF_INCLUDE ?? mailFromDomain(e.MAIL_FROM)).toLowerCase(),
    followUpSendsPerMinute: e.FOLLOW_UP_SENDS_PER_MINUTE,
    sendgridWebhookPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY,
    mailgunWebhookSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
    supportEmail: e.SUPPORT_EMAIL,
    secret: e.SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY === 'true',
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    stripeApiUrl: new URL(e.STRIPE_API_URL),
    paypalApiUrl: e.PAYPAL_API_URL ? new URL(e.PAYPAL_API_URL) : undefined,
    webhooksAllowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true',
    mailchimpApiUrl: e.MAILCHIMP_API_URL.replace(/\/+$/, ''),
    kitApiUrl: new URL(e.KIT_API_URL),
    metaGraphUrl: new URL(e.META_GRAPH_URL),
    ga4MpUrl: new URL(e.GA4_MP_URL),
    tiktokApiUrl: new URL(e.TIKTOK_API_URL),
    captchaVerifyUrls: {
      turnstile: new URL(e.TURNSTILE_VERIFY_URL),
      hcaptcha: new URL(e.HCAPTCHA_VERIFY_URL),
      recaptcha: new URL(e.RECAPTCHA_VERIFY_URL),
    },
    billing,
    paypalPartner,
    stripeConnect,
    storage: s3 ?? { kind: 'local', dir: path.join(dataDir, 'files') },
    dnsServers: e.DNS_SERVERS?.split(',').map((entry) => dnsServer(entry.trim())!),
  };
}

/** An EC P-256 public key as SendGrid shows it: base64 of its DER (SubjectPublicKeyInfo), PEM lines allowed. */
function isP256PublicKey(value: string): boolean {
  const base64 = value.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/** The domain of MAIL_FROM's address (`Name <user@domain>` or `user@domain`). */
const mailFromDomain = (mailFrom: string) => /@([^\s<>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';

/** `ip`, `ip:port` or `[ipv6]:port` as node:dns's setServers takes it, or null. */
function dnsServer(entry: string): string | null {
  if (isIP(entry)) return entry;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(entry);
  if (!match) return null;
  const ip = match[1] ?? match[2]!;
  const port = Number(match[3]);
  if (!isIP(ip) || port < 1 || port > 65535) return null;
  return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/** Where uploads are kept (src/server/lib/storage.ts). */
export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig;

/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO, or a local stand-in in tests. */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, shared files, instance or task roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: MinIO and most local stores need it. */
  forcePathStyle: boolean;
  /** Put before every key: '' or ending with '/'. */
  prefix: string;
}

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** S3 when S3_BUCKET is set; the other S3_* settings alone, or one key without the other, are a mistake to name. */
function s3Config(
  e: Partial<Record<'S3_BUCKET' | (typeof S3_VARS)[number], string>>,
  problems: string[],
): S3StorageConfig | undefined {
  if (!e.S3_BUCKET) {
    const given = S3_VARS.filter((name) => e[name] !== undefined);
    problems.push(
      ...given.map((name) => `${name}: only used with S3_BUCKET, which is not set (uploads would stay on local disk)`),
    );
    return undefined;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!accessKeyId !== !secretAccessKey) {
    const [missing, given] = accessKeyId
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    problems.push(`${missing}: required with ${given} (set both, or neither for the AWS SDK's default credentials)`);
  }
  const prefix = e.S3_PREFIX ?? '';
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

/** All of BILLING_STRIPE_* and BILLING_PRICE_* together, or none: half a billing set-up is a mistake to name. */
function billingConfig(
  e: Partial<Record<BillingPriceVar | 'BILLING_STRIPE_SECRET_KEY' | 'BILLING_STRIPE_WEBHOOK_SECRET', string>> & {
    BILLING_STRIPE_PORTAL_CONFIGURATION?: string;
  },
  problems: string[],
): BillingConfig | undefined {
  const names = ['BILLING_STRIPE_SECRET_KEY', 'BILLING_STRIPE_WEBHOOK_SECRET', ...BILLING_PRICE_VARS] as const;
  const missing = names.filter((name) => !e[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    problems.push(...missing.map((name) => `${name}: required when any BILLING_* setting is given (billing needs all of them)`));
    return undefined;
  }
  return {
    secretKey: e.BILLING_STRIPE_SECRET_KEY!,
    webhookSecret: e.BILLING_STRIPE_WEBHOOK_SECRET!,
    prices: {
      'pro:month': e.BILLING_PRICE_PRO_MONTHLY!,
      'pro:year': e.BILLING_PRICE_PRO_ANNUAL!,
      'business:month': e.BILLING_PRICE_BUSINESS_MONTHLY!,
      'business:year': e.BILLING_PRICE_BUSINESS_ANNUAL!,
    },
    portalConfiguration: e.BILLING_STRIPE_PORTAL_CONFIGURATION,
  };
}

/** STRIPE_CONNECT_SECRET_KEY and STRIPE_CONNECT_WEBHOOK_SECRET together, or neither; a fee without them is a mistake to name. */
function stripeConnectConfig(
  e: Partial<Record<ConnectFeeVar | 'STRIPE_CONNECT_SECRET_KEY' | 'STRIPE_CONNECT_WEBHOOK_SECRET', string>>,
  problems: string[],
): StripeConnectConfig | undefined {
  const { STRIPE_CONNECT_SECRET_KEY: secretKey, STRIPE_CONNECT_WEBHOOK_SECRET: webhookSecret } = e;
  if (!secretKey && !webhookSecret) {
    const fees = CONNECT_FEE_VARS.filter((name) => e[name] !== undefined);
    problems.push(
      ...fees.map(
        (name) => `${name}: only used with STRIPE_CONNECT_SECRET_KEY and STRIPE_CONNECT_WEBHOOK_SECRET, which are not set`,
      ),
    );
    return undefined;
  }
  if (!secretKey || !webhookSecret) {
    const [missing, given] = secretKey
      ? ['STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_CONNECT_SECRET_KEY']
      : ['STRIPE_CONNECT_SECRET_KEY', 'STRIPE_CONNECT_WEBHOOK_SECRET'];
    problems.push(
      `${missing}: required with ${given} (Stripe Connect needs the platform's secret key and its Connect webhook secret)`,
    );
    return undefined;
  }
  const fee = (name: ConnectFeeVar) => Number(e[name] ?? 0);
  return {
    secretKey,
    webhookSecret,
    feePercent: {
      free: fee('STRIPE_CONNECT_FEE_PERCENT_FREE'),
      pro: fee('STRIPE_CONNECT_FEE_PERCENT_PRO'),
      business: fee('STRIPE_CONNECT_FEE_PERCENT_BUSINESS'),
    },
  };
}

/** The platform's PayPal partner account: its REST app, its own merchant id, its webhook and its BN code. */
export interface PaypalPartnerConfig {
  clientId: string;
  clientSecret: string;
  /** The partner's own PayPal merchant id: the `partner_merchant_id` of the merchant-integrations API. */
  merchantId: string;
  /** The id of the platform's one webhook (PUBLIC_URL/webhooks/paypal-partner), against which every event is verified. */
  webhookId: string;
  mode: 'sandbox' | 'live';
  /** Sent as PayPal-Partner-Attribution-Id on orders; unset: no attribution header. */
  bnCode: string | undefined;
}

const PAYPAL_PARTNER_VARS = [
  'PAYPAL_PARTNER_CLIENT_ID',
  'PAYPAL_PARTNER_CLIENT_SECRET',
  'PAYPAL_PARTNER_MERCHANT_ID',
  'PAYPAL_PARTNER_WEBHOOK_ID',
  'PAYPAL_PARTNER_MODE',
] as const;

/** All of PAYPAL_PARTNER_* (the BN code aside) together, or none: half a partner set-up is a mistake to name. */
function paypalPartnerConfig(
  e: Partial<Record<(typeof PAYPAL_PARTNER_VARS)[number] | 'PAYPAL_PARTNER_BN_CODE', string>>,
  problems: string[],
): PaypalPartnerConfig | undefined {
  const missing = PAYPAL_PARTNER_VARS.filter((name) => !e[name]);
  if (missing.length === PAYPAL_PARTNER_VARS.length) {
    if (e.PAYPAL_PARTNER_BN_CODE)
      problems.push('PAYPAL_PARTNER_BN_CODE: only used with the other PAYPAL_PARTNER_* settings, which are not set');
    return undefined;
  }
  if (missing.length > 0) {
    problems.push(
      ...missing.map(
        (name) => `${name}: required when any PAYPAL_PARTNER_* setting is given (the PayPal partner platform needs all of them)`,
      ),
    );
    return undefined;
  }
  return {
    clientId: e.PAYPAL_PARTNER_CLIENT_ID!,
    clientSecret: e.PAYPAL_PARTNER_CLIENT_SECRET!,
    merchantId: e.PAYPAL_PARTNER_MERCHANT_ID!,
    webhookId: e.PAYPAL_PARTNER_WEBHOOK_ID!,
    mode: e.PAYPAL_PARTNER_MODE === 'live' ? 'live' : 'sandbox',
    bnCode: e.PAYPAL_PARTNER_BN_CODE,
  };
}

/** Outside production the secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
