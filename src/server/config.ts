import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BillingInterval, PaidPlanId } from '../domain/billing.js';

const BILLING_PRICE_VARS = [
  'BILLING_PRICE_PRO_MONTHLY',
  'BILLING_PRICE_PRO_ANNUAL',
  'BILLING_PRICE_BUSINESS_MONTHLY',
  'BILLING_PRICE_BUSINESS_ANNUAL',
] as const;

/** Lodestone's own Stripe Billing account: the keys and the price of each plan and interval. */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price ids by `${plan}:${interval}`, e.g. 'pro:year'. */
  prices: Record<`${PaidPlanId}:${BillingInterval}`, string>;
  /** The customer portal's configuration (cancel at period end, downgrades at period end); Stripe's default if unset. */
  portalConfiguration: string | undefined;
}

/** Every setting Lodestone reads. Nothing else in the code base reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Lodestone <no-reply@lodestone.local>'),
  SUPPORT_EMAIL: z.email().default('support@lodestone.local'),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  // `{dc}` is replaced by the data centre at the end of the account's API key (e.g. us21).
  MAILCHIMP_API_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default('https://{dc}.api.mailchimp.com'),
  KIT_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.kit.com'),
  // Lodestone's own Stripe account, for selling its plans (issue 15); all six or none.
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
});

type BillingPriceVar = (typeof BILLING_PRICE_VARS)[number];

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
  /** Where contact-form messages go, and the address the site shows for support. */
  supportEmail: string;
  secret: string;
  trustProxy: boolean;
  logLevel: string;
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
  /** Unset on a self-hosted server that sells nothing: plans are then set with `npm run plan`. */
  billing: BillingConfig | undefined;
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
    supportEmail: e.SUPPORT_EMAIL,
    secret: e.SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    stripeApiUrl: new URL(e.STRIPE_API_URL),
    paypalApiUrl: e.PAYPAL_API_URL ? new URL(e.PAYPAL_API_URL) : undefined,
    webhooksAllowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true',
    mailchimpApiUrl: e.MAILCHIMP_API_URL.replace(/\/+$/, ''),
    kitApiUrl: new URL(e.KIT_API_URL),
    billing,
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

/** Outside production the secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
