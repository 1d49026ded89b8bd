import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CAPTCHA_CHOICES } from '@/domain/captcha';
import type { AddressChecks } from '@/domain/form-config';

// Tables used by better-auth (core, organization plugin, database rate limiter). Property names are
// the field names better-auth expects; columns are snake_case.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** When the account (and the workspaces it alone owns) is deleted, unless its owner keeps it first. */
  deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** A workspace. Everything an owner creates belongs to one. */
export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  /** Lodestone's plan for the workspace (docs/product.md#plans-and-limits): free, pro or business. */
  plan: text('plan', { enum: ['free', 'pro', 'business'] })
    .notNull()
    .default('free'),
  /** Days unconfirmed double opt-in leads are kept (src/domain/retention.ts). */
  pendingLeadRetentionDays: integer('pending_lead_retention_days').notNull().default(30),
  /** Days any lead is kept; null: no limit. */
  leadRetentionDays: integer('lead_retention_days'),
  /** The privacy-policy address new pages start from (src/domain/page-defaults.ts); null: none yet. */
  privacyPolicyUrl: text('privacy_policy_url'),
  /** The language new pages start in (src/domain/i18n/languages.ts); null: none chosen yet (English). */
  pageLanguage: text('page_language'),
  /** The address checks new pages start with (src/domain/page-defaults.ts); null: none chosen yet (Lodestone's). */
  pageAddressChecks: jsonb('page_address_checks').$type<AddressChecks>(),
  /** The captcha new pages start with; null: none chosen yet (off). */
  pageCaptcha: text('page_captcha', { enum: CAPTCHA_CHOICES }),
  /** The seller's postal address printed on receipts (several lines); null: not given yet. */
  businessAddress: text('business_address'),
  createdAt: createdAt(),
});

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('members_organization_user_idx').on(t.organizationId, t.userId), index('members_user_id_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's secret (the link itself is only in the email). */
    tokenHash: text('token_hash').unique(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_organization_id_idx').on(t.organizationId), index('invitations_email_idx').on(t.email)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
