import { z } from 'zod';
import {
  datesInOrder,
  datesOutOfOrder,
  unknownFilterError,
  workspaceLeadsFilterFields,
  type WorkspaceLeadStatus,
} from './forms-api';
import { EXPORT_FORMATS, type ExportAllowance, type ExportFormat, type PlanId } from './plans';

/**
 * Exports of the workspace's leads (docs/decisions/0020), built in the background into a file behind a
 * signed, expiring link on the app origin. The owner API (session required, workspace-scoped):
 *
 *   POST /api/leads/exports  body CreateLeadExportBody -> LeadExport (202; queued)
 *   GET  /api/leads/exports                            -> LeadExportList (the 20 most recent)
 *   GET  /api/leads/exports/:id                        -> LeadExport
 *   GET  APP_URL/exports/:id/download?t=TOKEN          -> the file (an owner session of the same
 *        workspace and the token are both required; without a session: to sign-in and back)
 *
 * Errors: VALIDATION_ERROR (400, the field named), NOT_FOUND (404: another workspace's page or
 * export, a malformed id), PLAN_LIMIT (403: a format the plan lacks; the message says what it gets),
 * RATE_LIMITED (429: EXPORT_MAX_IN_PROGRESS exports are already being built).
 */

export { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type ExportAllowance, type ExportFormat } from './plans';

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a finished export's file and link live. */
export const EXPORT_TTL_DAYS = 7;
/** The recent exports GET /api/leads/exports lists. */
export const EXPORT_LIST_SIZE = 20;
/** Exports a workspace may have queued or running at once; one more is refused (429) until one finishes. */
export const EXPORT_MAX_IN_PROGRESS = 3;
/** A finished export with more rows than this is also emailed to the owner who asked for it. */
export const EXPORT_EMAIL_MIN_ROWS = 10_000;

export const createLeadExportBodySchema = z
  .strictObject(
    {
      format: z.enum(EXPORT_FORMATS, { error: 'Choose csv or jsonl' }),
      ...workspaceLeadsFilterFields,
    },
    unknownFilterError,
  )
  .refine(datesInOrder, datesOutOfOrder);
export type CreateLeadExportBody = z.input<typeof createLeadExportBodySchema>;

/** The filter an export ran with: the owner's, with `from` moved up to the plan's window. Empty values are left out. */
export interface LeadExportFilter {
  q?: string;
  form?: string;
  status?: WorkspaceLeadStatus;
  from?: string;
  to?: string;
  utmSource?: string;
}

export interface LeadExport {
  id: string;
  format: ExportFormat;
  status: ExportStatus;
  rowsDone: number;
  /** Counted when the job starts; null while queued. */
  rowsTotal: number | null;
  createdAt: string;
  finishedAt: string | null;
  /** When the file and its link go away; set when ready. */
  expiresAt: string | null;
  /** The signed link (APP_URL/exports/:id/download?t=…) while ready and not expired; null otherwise. */
  downloadUrl: string | null;
  /** Bytes of the file once ready. */
  size: number | null;
  filter: LeadExportFilter;
  /** Why it failed, in words for the owner. */
  error: string | null;
}

export interface LeadExportAllowance extends ExportAllowance {
  plan: PlanId;
  /** "Your Free plan exports CSV of the last 30 days. Business exports every lead as CSV or JSON Lines." */
  sentence: string;
}

export interface LeadExportList {
  allowance: LeadExportAllowance;
  items: LeadExport[];
}

/** The name the file is downloaded under: lodestone-leads-2026-11-25.csv. */
export const exportFileName = (format: ExportFormat, createdAt: Date) =>
  `lodestone-leads-${createdAt.toISOString().slice(0, 10)}.${format}`;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson',
};

/** The app's path of an export's download; the server answers it (it is not a screen of the SPA). */
export const exportDownloadPath = (id: string) => `/exports/${encodeURIComponent(id)}/download`;
