import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES } from '@/domain/api-keys';
import type { EventEnvelope } from '@/domain/events';
import { organizations, users } from './auth.js';
import { forms, leads } from './forms.js';

/**
 * The outbox: every event (lead.created, payment.completed, …), written in the transaction of the
 * change it describes, with a dispatch job queued in the same transaction. Its id is the
 * `webhook-id` every endpoint receives, stable across retries and replays. `leadId` lets an erasure
 * find the person's events (no foreign key: the lead.erased event outlives the lead).
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<EventEnvelope['type']>().notNull(),
    formId: text('form_id'),
    leadId: uuid('lead_id'),
    payload: jsonb('payload').$type<EventEnvelope>().notNull(),
    /**
     * Null for an ordinary event. For one whose payload must not outlive its deliveries (lead.erased
     * names an erased address): the deliveries still to end; the event is deleted when the last one does.
     */
    heldBy: text('held_by').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()), index('events_lead_idx').on(t.leadId)],
);

/** Where a workspace's events go. The `whsec_` signing secrets are sealed (src/server/lib/sealed.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives. */
    eventTypes: text('event_types').array().notNull(),
    /** Only this page's events, or every page's when null. */
    formId: text('form_id').references(() => forms.id, { onDelete: 'cascade' }),
    secretSealed: text('secret_sealed').notNull(),
    /** After a rotation the old secret also signs (a second signature) until this time. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success; 3 days of failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId)],
);

/** One event to one endpoint: pending until a 2xx answer, or failed once its retries ran out. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
  ],
);

/** Each HTTP attempt of a delivery, for the endpoint's log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** 'retry' for the scheduled ones, 'replay' when the owner asked. */
    trigger: text('trigger', { enum: ['retry', 'replay'] })
      .notNull()
      .default('retry'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The HTTP status, or null when no answer came (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    /** The first bytes of the answer's body, or why there was none. */
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.startedAt.desc())],
);

export const EMAIL_TOOLS = ['mailchimp', 'kit'] as const;

/** A workspace's email tool account: the API key sealed like the payment keys, a masked form to show. */
export const emailToolAccounts = pgTable(
  'email_tool_accounts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    sealed: text('sealed').notNull(),
    display: jsonb('display').$type<Record<string, string>>().notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

/** Where one page's leads go in one email tool: Mailchimp { listId, tags }, Kit { formId, tagIds }. */
export const formEmailTools = pgTable(
  'form_email_tools',
  {
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.provider] })],
);

/** One lead's sync to one email tool: what the lead's detail shows, with the provider's own message on failure. */
export const leadSyncs = pgTable(
  'lead_syncs',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: EMAIL_TOOLS }).notNull(),
    status: text('status', { enum: ['pending', 'synced', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id for the subscriber, once synced. */
    remoteId: text('remote_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.provider] })],
);

/** A workspace's key to the public API: shown once, kept only as a SHA-256 hash. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in the list (e.g. `lsk_3fA9…`). */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.hash), index('api_keys_workspace_idx').on(t.workspaceId)],
);

/** The answer to a POST with an Idempotency-Key, replayed for 24 hours to a retry with the same key. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);
