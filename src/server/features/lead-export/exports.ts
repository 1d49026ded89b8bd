import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import { isUuid } from '@/domain/ids';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_LIST_SIZE,
  EXPORT_MAX_IN_PROGRESS,
  type LeadExport,
  type LeadExportFilter,
  type LeadExportList,
} from '@/domain/lead-export';
import type { createLeadExportBodySchema } from '@/domain/lead-export';
import { type ExportAllowance, exportAllowanceSentence, PLAN_LIST, PLANS, type PlanId } from '@/domain/plans';
import type { Db } from '@/server/db/client';
import { leadExports, organizations } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { addJob } from '@/server/lib/jobs';
import type { Tokens } from '@/server/lib/tokens';
import { assertOwnForm } from '@/server/features/forms/index';
import { downloadUrl } from './download-link.js';
import { EXPORT_LEADS_TASK, type ExportLeadsPayload } from './export-leads.task.js';
import { recordAudit } from '@/server/features/team/index';

export interface ExportApiDeps {
  db: Db;
  tokens: Tokens;
  appOrigin: string;
}

type CreateBody = import('zod').output<typeof createLeadExportBodySchema>;
type ExportRecord = typeof leadExports.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

async function planOf(db: Db, workspaceId: string): Promise<PlanId> {
  const [row] = await db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return row.plan;
}

/** The first UTC day inside a window of `days` days that ends today. */
const windowStart = (days: number, now: Date) => new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * The filter the export runs with: the owner's, without empty values, and with `from` moved up to
 * the start of the plan's window (the owner sees the clipped date on the export).
 */
function effectiveFilter(body: CreateBody, windowDays: number | null, now: Date): LeadExportFilter {
  const { format: _format, q, ...rest } = body;
  const earliest = windowDays === null ? undefined : windowStart(windowDays, now);
  const from = earliest && (!rest.from || rest.from < earliest) ? earliest : rest.from;
  const filter: LeadExportFilter = { ...(q ? { q } : {}), ...rest, ...(from ? { from } : {}) };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as LeadExportFilter;
}

/** Each export holds a worker and a database connection for its duration: a workspace gets a few at a time. */
async function assertRoomForAnother(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(leadExports)
    .where(and(eq(leadExports.workspaceId, workspaceId), inArray(leadExports.status, ['queued', 'running'])));
  if ((row?.n ?? 0) >= EXPORT_MAX_IN_PROGRESS) {
    throw new HttpError(
      429,
      ErrorCode.RATE_LIMITED,
      `${EXPORT_MAX_IN_PROGRESS} exports are already being prepared. Please wait for one to finish, then export again.`,
    );
  }
}

/** Queues an export of the workspace's leads matching `body`'s filter, as the plan allows. */
export async function createLeadExport(
  deps: ExportApiDeps,
  owner: { userId: string; workspaceId: string },
  body: CreateBody,
  now = new Date(),
): Promise<LeadExport> {
  const { db } = deps;
  const plan = await planOf(db, owner.workspaceId);
  const allowance: ExportAllowance = PLANS[plan].exports;
  if (!allowance.formats.includes(body.format)) {
    const lowest = PLAN_LIST.find((p) => p.exports.formats.includes(body.format));
    throw new HttpError(
      403,
      ErrorCode.PLAN_LIMIT,
      `${EXPORT_FORMAT_LABELS[body.format]} exports come with the ${lowest?.title ?? 'Business'} plan. ${exportAllowanceSentence(plan)}`,
    );
  }
  if (body.form) await assertOwnForm(db, owner.workspaceId, body.form);
  await assertRoomForAnother(db, owner.workspaceId);
  const filter = effectiveFilter(body, allowance.windowDays, now);
  // The row and its job commit together: no export without a job, no job without its export.
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(leadExports)
      .values({ workspaceId: owner.workspaceId, requestedBy: owner.userId, format: body.format, filter: { ...filter } })
      .returning();
    await addJob(tx, EXPORT_LEADS_TASK, { exportId: created!.id } satisfies ExportLeadsPayload);
    await recordAudit(tx, owner, 'leads.exported', `${EXPORT_FORMAT_LABELS[body.format]}${body.form ? ', one page' : ''}`);
    return created!;
  });
  return toLeadExport(deps, row, now);
}

export async function listLeadExports(deps: ExportApiDeps, workspaceId: string, now = new Date()): Promise<LeadExportList> {
  const plan = await planOf(deps.db, workspaceId);
  const rows = await deps.db
    .select()
    .from(leadExports)
    .where(eq(leadExports.workspaceId, workspaceId))
    .orderBy(desc(leadExports.createdAt), desc(leadExports.id))
    .limit(EXPORT_LIST_SIZE);
  return {
    allowance: { plan, ...PLANS[plan].exports, sentence: exportAllowanceSentence(plan) },
    items: rows.map((row) => toLeadExport(deps, row, now)),
  };
}

/** The workspace's export `id`; anything else (another workspace's, a malformed id) is not found. */
export async function findLeadExport(db: Db, workspaceId: string, id: string): Promise<ExportRecord> {
  if (!isUuid(id)) throw notFound('This export');
  const [row] = await db
    .select()
    .from(leadExports)
    .where(and(eq(leadExports.id, id), eq(leadExports.workspaceId, workspaceId)));
  if (!row) throw notFound('This export');
  return row;
}

export async function getLeadExport(deps: ExportApiDeps, workspaceId: string, id: string, now = new Date()) {
  return toLeadExport(deps, await findLeadExport(deps.db, workspaceId, id), now);
}

export function toLeadExport(deps: ExportApiDeps, row: ExportRecord, now: Date): LeadExport {
  const live = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: live ? downloadUrl(deps, row.id, row.expiresAt!) : null,
    size: row.size,
    filter: row.filter as LeadExportFilter,
    error: row.error,
  };
}
