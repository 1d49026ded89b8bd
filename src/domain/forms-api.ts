import { z } from 'zod';
import type { ConversionCounts } from './conversions-api';
import { formConfigSchema, type FormConfig, type LeadMagnetFile } from './form-config';
import type { Currency } from './money';
import { OWNER_NOTIFY, type OwnerNotify } from './owner-notify';
import type { PaymentStatus, Provider, Revenue } from './payments';
import { WORKSPACE_LEAD_STATUSES } from './lead-statuses';
import { FREE_PLAN_FORM_LIMIT } from './plans';

/**
 * The owner API for forms and files (all under APP_URL, session cookie required; 401 without a
 * session, 404 for anything outside the caller's workspace). Errors are `{ code, message }`.
 *
 *   GET    /api/forms?status=all|active|inactive|draft|deleted&q=&cursor= -> FormListPage (50 per page, newest
 *                                                                 first; by PageState: 'draft' lists the pages never
 *                                                                 published; 'deleted' the Recently deleted ones only)
 *   GET    /api/forms/stats                                   -> DashboardStats
 *   POST   /api/forms            body SaveFormBody            -> FormDetail      (201; draft only)
 *   GET    /api/forms/:id                                     -> FormDetail
 *   PUT    /api/forms/:id        body SaveFormBody            -> FormDetail      (saves the draft)
 *   POST   /api/forms/:id/publish                             -> FormDetail      (draft becomes published)
 *   PATCH  /api/forms/:id/status body SetStatusBody           -> FormDetail
 *   DELETE /api/forms/:id                                     -> 204             (to Recently deleted: offline at once,
 *                                                                 purged with its leads and file after 30 days)
 *   POST   /api/forms/:id/restore                             -> FormDetail      (back from Recently deleted, as it was)
 *   POST   /api/forms/:id/duplicate                           -> FormDetail      (201; a copy of the draft titled 'Copy of
 *                                                                 {title}', unpublished, no leads; a slot like POST)
 *   PUT    /api/forms/:id/notifications body OwnerNotifyBody -> FormDetail      (how the owner hears of new leads; at once,
 *                                                                 no publishing: see owner-notify.ts)
 *   POST   /api/files            multipart, one field 'file' -> LeadMagnetFile (201; PDF, DOCX, XLSX, PPTX,
 *                                                                 EPUB, ZIP, JPG, PNG or MP3: see file-kinds.ts)
 *   GET    /api/files/:id                                     -> the file (attachment)
 *   GET    /api/forms/:id/analytics                           -> FormAnalytics   (30 days ending today, UTC)
 *   GET    /api/forms/:id/ab-test                             -> AbTestResults   (the current or last A/B test:
 *                                                                 see ab-test-results.ts)
 *   GET    /api/forms/:id/leads?cursor=                       -> LeadListPage    (50 per page, newest first)
 *   GET    /api/leads?q=&form=&status=&from=&to=&utmSource=&cursor= -> LeadListPage (every page's leads; see
 *                                                                 workspaceLeadsQuerySchema)
 *   GET    /api/leads/:id                                     -> LeadDetail      (src/domain/lead-detail.ts)
 *
 * Error codes: VALIDATION_ERROR (400, with `errors`: FormErrors keyed as in form-config),
 * NOT_PUBLISHABLE (400, with `errors`), PLAN_LIMIT (403, message links the plan: see
 * PLAN_LIMIT_MESSAGE), FILE_TOO_LARGE (413), UNSUPPORTED_FILE (415), NOT_FOUND (404), UNAUTHORIZED (401).
 */

export const FORM_STATUSES = ['active', 'inactive'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/**
 * What the owner's screens call a page: a Draft until it is first published (its stored status is
 * 'inactive' then, but no visitor has ever seen it), then Active, or Inactive once switched off
 * (labels and the rule in page-state.ts, apart from zod for the dashboard's chunks).
 */
export const PAGE_STATES = ['active', 'inactive', 'draft'] as const;
export type PageState = (typeof PAGE_STATES)[number];
export const FORMS_PAGE_SIZE = 50;
export { DELETED_FORM_RETENTION_DAYS } from './deleted-forms';

/** `:id` in a path; a malformed id is simply not found (404), so any string passes here. */
export const idParamsSchema = z.object({ id: z.string() });

export const saveFormBodySchema = z.object({ config: formConfigSchema });
export type SaveFormBody = z.infer<typeof saveFormBodySchema>;

export const setStatusBodySchema = z.object({ status: z.enum(FORM_STATUSES) });
export type SetStatusBody = z.infer<typeof setStatusBodySchema>;

export const ownerNotifyBodySchema = z.object({
  ownerNotify: z.enum(OWNER_NOTIFY, { error: 'Choose each, digest or off' }),
});
export type OwnerNotifyBody = z.infer<typeof ownerNotifyBodySchema>;

/**
 * PUT /api/forms/:id/embed-origins -> FormDetail: the sites that may show the page in a frame, set on
 * the draft and on the published page at once, without publishing the rest of the draft (the Embed
 * dialog). Checked like the page's own setting (embed-origins.ts).
 */
export const setEmbedOriginsBodySchema = formConfigSchema.pick({ embedOrigins: true });
export type SetEmbedOriginsBody = z.infer<typeof setEmbedOriginsBodySchema>;

export const listFormsQuerySchema = z.object({
  status: z.enum(['all', ...PAGE_STATES, 'deleted']).default('all'),
  q: z.string().trim().max(200).default(''),
  cursor: z.string().max(200).optional(),
});
export type ListFormsQuery = z.input<typeof listFormsQuerySchema>;
export type ListFormsFilter = z.output<typeof listFormsQuerySchema>;
export type FormsListStatus = ListFormsFilter['status'];

/** One row of the dashboard's 'Your Forms' table. */
export interface FormSummary {
  id: string;
  name: string;
  createdAt: string;
  views: number;
  leads: number;
  /** Leads that confirmed their email (or needed no confirmation). */
  confirmedLeads: number;
  /** leads / views * 100, one decimal; 0 without views. */
  conversionRate: number;
  status: FormStatus;
  published: boolean;
  /** PUBLIC_URL/f/{id} */
  publicUrl: string;
  /** When the owner deleted it; null unless listed with status=deleted. */
  deletedAt: string | null;
  /** When the daily purge deletes it for good (deletedAt + 30 days); null unless deleted. */
  purgeAt: string | null;
}

export interface FormListPage {
  items: FormSummary[];
  nextCursor: string | null;
}

export interface FormDetail {
  id: string;
  name: string;
  status: FormStatus;
  createdAt: string;
  updatedAt: string;
  draft: FormConfig;
  published: FormConfig | null;
  publishedAt: string | null;
  /** PUBLIC_URL/f/{id} */
  publicUrl: string;
  /** How the owner hears of the page's new confirmed leads (the owner's setting, not the page's). */
  ownerNotify: OwnerNotify;
}

export interface DashboardStats {
  totalLeads: number;
  totalForms: number;
  /** percent, one decimal */
  conversionRate: number;
  lastMonthLeads: number;
  /** Leads that confirmed their email (or needed no confirmation), all forms. */
  confirmedLeads: number;
  /** Lead-magnet downloads, all forms. */
  downloads: number;
  /** Money taken on paid pages, per currency, all forms (paid and not refunded). */
  revenue: Revenue[];
}

export const LEADS_PAGE_SIZE = 50;

/** One day of a form's daily roll-up; `day` is a UTC calendar day, YYYY-MM-DD. */
export interface DailyStat {
  day: string;
  views: number;
  /** Distinct visitors that day (counted without cookies, by a hash of the address and user agent keyed by the day's random salt). */
  uniqueVisitors: number;
  leads: number;
  confirmations: number;
  downloads: number;
}

export interface AnalyticsTotals {
  views: number;
  /** The sum of each day's unique visitors: a visitor who returns on another day counts again. */
  uniqueVisitors: number;
  leads: number;
  confirmations: number;
  downloads: number;
  /** leads / views * 100, one decimal; 0 without views. */
  conversionRate: number;
}

/** A form's numbers: the last 30 days (ending today, zero-filled, oldest first) and the all-time totals. */
export interface FormAnalytics {
  days: DailyStat[];
  totals: AnalyticsTotals;
  /** Money taken on this page, per currency (paid and not refunded). */
  revenue: Revenue[];
  /** Conversions sent from the server per connected destination: sent, failed, waiting (docs/decisions/0088). */
  conversions: ConversionCounts[];
}

export const LEAD_STATUSES = ['pending', 'verified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** One lead in a form's leads table. */
export interface LeadRow {
  id: string;
  /** The page the lead signed up on. */
  formId: string;
  formName: string;
  email: string;
  /** The other fields the visitor filled in, keyed by field id. */
  data: Record<string, string>;
  /** The same answers keyed by their field's label (a label of `LeadListPage.fields`). */
  answers: Record<string, string>;
  status: LeadStatus;
  createdAt: string;
  verifiedAt: string | null;
  /** When the visitor last gave consent; null when the page asked for none. */
  consentGivenAt: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The placement on the owner's site the visitor signed up through (its name then), and that site's page; null on the page itself. */
  placementName: string | null;
  hostUrl: string | null;
  downloads: number;
  /** The lead's latest payment on a paid page; null on free pages. */
  payment: LeadPayment | null;
}

export interface LeadPayment {
  provider: Provider;
  /** minor units */
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  reference: string | null;
}

/** A column of answers in a leads table. */
export interface LeadFieldColumn {
  label: string;
}

export interface LeadListPage {
  items: LeadRow[];
  /**
   * The answer columns of this page of results: every label of the pages its leads signed up on
   * (published config, else draft; the email field left out), in first-seen order, each once.
   */
  fields: LeadFieldColumn[];
  nextCursor: string | null;
}

export const listLeadsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** The workspace's leads across pages: GET /api/leads?q=&form=&status=&from=&to=&utmSource=&cursor= -> LeadListPage. */
export { WORKSPACE_LEAD_STATUSES, type WorkspaceLeadStatus } from './lead-statuses';

/** The filters of the workspace's leads, shared by the list (GET /api/leads) and the export (src/domain/lead-export.ts). */
export const workspaceLeadsFilterFields = {
  /** Part of the email or of any answer (a name, a company). */
  q: z.string().trim().max(200).default(''),
  /** One page's id. */
  form: z.string().max(100).optional(),
  status: z.enum(WORKSPACE_LEAD_STATUSES, { error: 'Choose pending, confirmed, paid or refunded' }).optional(),
  /** Signed up on or after this UTC day. */
  from: z.iso.date({ error: 'Use a date like 2026-11-24' }).optional(),
  /** Signed up on or before this UTC day. */
  to: z.iso.date({ error: 'Use a date like 2026-11-24' }).optional(),
  utmSource: z.string().trim().max(200).optional(),
};

/** Strict: an unknown filter is a 400 naming it, not silently ignored. */
export const unknownFilterError = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown filter: ${(issue.keys ?? []).join(', ')}` : undefined,
};

/** The start of a date range may not be after its end (the error is keyed on `to`). */
export const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
export const datesOutOfOrder: { message: string; path: string[] } = {
  message: 'The start date is after the end date',
  path: ['to'],
};

export const workspaceLeadsQuerySchema = z
  .strictObject({ ...workspaceLeadsFilterFields, cursor: z.string().max(200).optional() }, unknownFilterError)
  .refine(datesInOrder, datesOutOfOrder);
export type WorkspaceLeadsQuery = z.input<typeof workspaceLeadsQuerySchema>;
export type WorkspaceLeadsFilter = z.output<typeof workspaceLeadsQuerySchema>;
export type ListLeadsQuery = z.input<typeof listLeadsQuerySchema>;

export type UploadedFile = LeadMagnetFile;

// The number lives with the plans (docs/product.md#plans-and-limits); re-exported here for the forms API's users.
export { FREE_PLAN_FORM_LIMIT };
export const PLAN_LIMIT_MESSAGE = `The Free plan includes ${FREE_PLAN_FORM_LIMIT} forms. Upgrade to Pro for unlimited forms.`;
