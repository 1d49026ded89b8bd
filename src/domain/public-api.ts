import { z } from 'zod';
import { API_KEY_SCOPES } from './api-keys';
import { EVENT_TYPES } from './events';
import { formConfigSchema } from './form-config';
import {
  FORM_STATUSES,
  LEAD_STATUSES,
  WORKSPACE_LEAD_STATUSES,
  datesInOrder,
  datesOutOfOrder,
  unknownFilterError,
  workspaceLeadsFilterFields,
} from './forms-api';
import { isoTimeSchema } from './iso-time';
import { EXPORT_STATUSES, createLeadExportBodySchema } from './lead-export';
import { type LeadDetail, leadConsentRecordSchema, leadDetailSchema } from './lead-detail';
import { OWNER_NOTIFY } from './owner-notify';
import { EXPORT_FORMATS } from './plans';

/**
 * The public REST API (docs/decisions/0023), on the app host under /api/v1, for servers: `Authorization:
 * Bearer lsk_…` (an API key, src/domain/api-keys.ts), never cookies. JSON is camelCase, as in the
 * owner API. Lists are `{ data, nextCursor }` (`?limit=` 1-100, default 25; `?cursor=` the previous
 * page's nextCursor). Errors are RFC 9457 problem+json (ProblemDetails). The OpenAPI 3.1 document
 * (GET /api/v1/openapi.json) is generated from the schemas below.
 *
 *   GET   /api/v1/forms                  read   -> { data: FormSummary[], nextCursor }
 *   POST  /api/v1/forms                  write  -> FormDetail (201; a draft)
 *   GET   /api/v1/forms/{id}             read   -> FormDetail
 *   PATCH /api/v1/forms/{id}             write  -> FormDetail (replaces the draft)
 *   POST  /api/v1/forms/{id}/publish     write  -> FormDetail
 *   POST  /api/v1/forms/{id}/activate    write  -> FormDetail
 *   POST  /api/v1/forms/{id}/deactivate  write  -> FormDetail
 *   GET   /api/v1/leads                  read   -> { data: Lead[], nextCursor }
 *   GET   /api/v1/leads/{id}             read   -> V1LeadDetail (the lead page's record less the consent hashes)
 *   POST  /api/v1/leads/{id}/erase       write  -> ErasureOutcome
 *   POST  /api/v1/exports                write  -> LeadExport (202)
 *   GET   /api/v1/exports/{id}           read   -> LeadExport
 *
 * A key's rights are its scope AND its creator's current role in the workspace, checked per request
 * with the app's permission table (features/public-api/permissions.ts, decision 0063).
 */

export const PUBLIC_API_PREFIX = '/api/v1';
export const PUBLIC_API_PAGE_DEFAULT = 25;
export const PUBLIC_API_PAGE_MAX = 100;
/** Requests per key per minute. */
export const PUBLIC_API_RATE_LIMIT = 600;
export const PUBLIC_API_RATE_WINDOW_SECONDS = 60;
/** How long an Idempotency-Key's answer is replayed. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;

/** Problem types: APP_URL/docs/api-reference#errors plus the anchor of each. */
export const PROBLEM_TYPES = {
  validation: 'validation-error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  planLimit: 'plan-limit',
  notFound: 'not-found',
  conflict: 'conflict',
  idempotencyMismatch: 'idempotency-key-reused',
  idempotencyInProgress: 'idempotency-key-in-progress',
  rateLimited: 'rate-limited',
  notPublishable: 'not-publishable',
  badRequest: 'bad-request',
  internal: 'internal-error',
} as const;

export const problemSchema = z
  .object({
    type: z.string().describe('A URL naming the kind of problem (APP_URL/docs/api-reference#errors-…), or about:blank.'),
    title: z.string().describe('A short summary of the kind of problem.'),
    status: z.number().int(),
    detail: z.string().describe('What went wrong with this request, in words.'),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe('One message per bad field, keyed by its dotted path (`config.fields.1.label`, `limit`).'),
  })
  .meta({
    description: 'An RFC 9457 problem (content type application/problem+json).',
    examples: [
      {
        type: 'https://app.example.com/docs/api-reference#errors-validation-error',
        title: 'Your request is not valid',
        status: 400,
        detail: 'limit: Too big: expected number to be <=100',
        errors: { limit: 'Too big: expected number to be <=100' },
      },
    ],
  });
export type ProblemDetails = z.infer<typeof problemSchema>;

export const idParamsSchema = z.object({ id: z.string().describe("The object's id.") });

const pagination = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PUBLIC_API_PAGE_MAX)
    .default(PUBLIC_API_PAGE_DEFAULT)
    .describe(`Items per page, 1-${PUBLIC_API_PAGE_MAX} (default ${PUBLIC_API_PAGE_DEFAULT}).`),
  cursor: z.string().max(200).optional().describe("The previous page's nextCursor; omit for the first page."),
};

export const v1ListFormsQuerySchema = z.strictObject(
  {
    status: z
      .enum(['all', ...FORM_STATUSES])
      .default('all')
      .describe('Only active or inactive pages.'),
    q: z.string().trim().max(200).default('').describe("Part of the page's name."),
    ...pagination,
  },
  unknownFilterError,
);
export type V1ListFormsQuery = z.input<typeof v1ListFormsQuerySchema>;

export const v1ListLeadsQuerySchema = z
  .strictObject(
    {
      q: workspaceLeadsFilterFields.q.describe('Part of the email address or of any answer (a name, a company).'),
      form: workspaceLeadsFilterFields.form.describe("One page's id."),
      status: workspaceLeadsFilterFields.status.describe('pending, confirmed, paid or refunded.'),
      from: workspaceLeadsFilterFields.from.describe('Signed up on or after this UTC day (2026-11-24).'),
      to: workspaceLeadsFilterFields.to.describe('Signed up on or before this UTC day.'),
      utmSource: workspaceLeadsFilterFields.utmSource.describe('The utm_source the lead arrived with.'),
      ...pagination,
    },
    unknownFilterError,
  )
  .refine(datesInOrder, datesOutOfOrder);
export type V1ListLeadsQuery = z.input<typeof v1ListLeadsQuerySchema>;

export const v1FormBodySchema = z
  .strictObject({ config: formConfigSchema.describe("The page's content: title, fields, file, consent, design.") })
  .meta({ description: 'The draft of a page. Publishing makes the draft what visitors see.' });
export type V1FormBody = z.input<typeof v1FormBodySchema>;

export const v1CreateExportBodySchema = createLeadExportBodySchema;

const isoTime = isoTimeSchema;

export const v1FormSummarySchema = z.object({
  id: z.string().meta({ examples: ['Xk3v9QpL2aBc'] }),
  name: z.string(),
  createdAt: isoTime,
  views: z.number().int(),
  leads: z.number().int(),
  confirmedLeads: z.number().int(),
  conversionRate: z.number().describe('leads / views * 100, one decimal'),
  status: z.enum(FORM_STATUSES),
  published: z.boolean(),
  publicUrl: z.string().describe('PUBLIC_URL/f/{id}'),
  deletedAt: isoTime.nullable(),
  purgeAt: isoTime.nullable(),
});

export const v1FormSchema = z.object({
  id: z.string().meta({ examples: ['Xk3v9QpL2aBc'] }),
  name: z.string(),
  status: z.enum(FORM_STATUSES),
  createdAt: isoTime,
  updatedAt: isoTime,
  draft: formConfigSchema,
  published: formConfigSchema.nullable().describe('What visitors see; null until first published.'),
  publishedAt: isoTime.nullable(),
  publicUrl: z.string(),
  ownerNotify: z.enum(OWNER_NOTIFY),
});

const leadPaymentSchema = z.object({
  provider: z.string(),
  amount: z.number().int().describe('Minor units (cents).'),
  currency: z.string(),
  status: z.string(),
  reference: z.string().nullable(),
});

export const v1LeadSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  formId: z.string(),
  formName: z.string(),
  email: z.string().meta({ examples: ['ada@example.com'] }),
  data: z.record(z.string(), z.string()).describe('Answers keyed by field id.'),
  answers: z.record(z.string(), z.string()).describe("Answers keyed by their field's label."),
  status: z.enum(LEAD_STATUSES),
  createdAt: isoTime,
  verifiedAt: isoTime.nullable(),
  consentGivenAt: isoTime.nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  placementName: z
    .string()
    .nullable()
    .describe("The placement on the owner's own site the lead signed up through (its name then), or null: the page itself."),
  hostUrl: z
    .string()
    .nullable()
    .describe("The address of the owner's site page that placement was on, when it was an allowed site."),
  downloads: z.number().int(),
  payment: leadPaymentSchema.nullable(),
});

/**
 * One lead as the API answers it: the record of the lead's page in the app (src/domain/lead-detail.ts)
 * without the consent records' keyed hashes of address and browser. Only Lodestone's secret gives
 * them meaning; copied into another system they would only be a pseudonymous id of the visitor
 * (decision 0064).
 */
export const v1LeadDetailSchema = leadDetailSchema.extend({
  consents: z
    .array(leadConsentRecordSchema.omit({ ipHash: true, userAgentHash: true }))
    .describe('Consent evidence, oldest first: each sign-up (what the page showed and what was agreed to) and confirmation.'),
});
export type V1LeadDetail = z.infer<typeof v1LeadDetailSchema>;

/** What GET /api/v1/leads/{id} answers of a lead's detail. */
export function v1LeadDetail(detail: LeadDetail): V1LeadDetail {
  return {
    ...detail,
    consents: detail.consents.map(({ ipHash: _ipHash, userAgentHash: _userAgentHash, ...shown }) => shown),
  };
}

export const v1ExportSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  expiresAt: isoTime.nullable(),
  downloadUrl: z.string().nullable().describe('A signed link; downloading also needs an owner session of the workspace.'),
  size: z.number().int().nullable(),
  filter: z
    .object({
      q: z.string().optional(),
      form: z.string().optional(),
      status: z.enum(WORKSPACE_LEAD_STATUSES).optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      utmSource: z.string().optional(),
    })
    .describe('The filter the export ran with (`from` moved up to the plan’s window).'),
  error: z.string().nullable(),
});

export const v1ErasureSchema = z.object({
  requestId: z.string().meta({ format: 'uuid' }).describe('The entry in the workspace’s data-request log.'),
  counts: z
    .object({
      leads: z.number().int(),
      answers: z.number().int(),
      consents: z.number().int(),
      submissions: z.number().int(),
      emailsLogged: z.number().int(),
      queuedEmailsRemoved: z.number().int(),
      sentEmailsRemoved: z.number().int(),
      rateLimitCounters: z.number().int(),
      paymentsAnonymised: z.number().int(),
      exportFilesRemoved: z.number().int(),
    })
    .describe('How many records of each kind were erased.'),
});

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page.'),
  });

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** A webhook endpoint as the API shows it (the owner API's WebhookEndpoint; src/domain/webhooks-api.ts). */
export const v1WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  formId: z.string().nullable().describe('Only this page’s events, or every page’s when null.'),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: isoTime.nullable(),
  failingSince: isoTime.nullable().describe('The first failed attempt since the last success.'),
  createdAt: isoTime,
});

/** Creating an endpoint answers with its signing secret too: the receiver needs it to verify. */
export const v1CreatedWebhookEndpointSchema = v1WebhookEndpointSchema.extend({
  secret: z.string().describe('The `whsec_` signing secret (Standard Webhooks).'),
});

export const v1WebhookSecretSchema = z.object({
  secret: z.string(),
  previousSecretExpiresAt: isoTime.nullable().describe('After a rotation: until when the previous secret also signs.'),
});
