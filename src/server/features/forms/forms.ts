import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import { conversionRate } from '@/domain/conversion';
import { canRemoveBranding, REMOVE_BRANDING_NEEDS_PRO } from '@/domain/branding';
import { formMessages, hasLockedEmailField, validateForPublish, type FormConfig, type ImageRef } from '@/domain/form-config';
import {
  DELETED_FORM_RETENTION_DAYS,
  FORMS_PAGE_SIZE,
  PLAN_LIMIT_MESSAGE,
  type FormDetail,
  type FormListPage,
  type FormStatus,
  type ListFormsFilter,
  type FormSummary,
} from '@/domain/forms-api';
import { redirectUrlError } from '@/domain/after-submit';
import { embedOriginsError, normalizeEmbedOrigins } from '@/domain/embed-origins';
import { isFormId } from '@/domain/ids';
import { abTestStarts, variantDesignChanges } from '@/domain/ab-test';
import { PLANS } from '@/domain/plans';
import { sectionImages } from '@/domain/sections';
import type { Db, Executor } from '@/server/db/client';
import { files, formLeadCounts, formStatTotals, forms, images, organizations } from '@/server/db/schema/index';
import { kindOfFile } from '@/server/features/files/index';
import { rescheduleFollowUps } from '@/server/features/follow-ups/index';
import { emitEvent, publishedFormEventData } from '@/server/features/outbox/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { cursorTime, decodeCursor, keysetPage, olderThan } from '@/server/lib/keyset';
import { containsPattern } from '@/server/lib/like';
import { paymentProblems } from '@/server/features/payments/index';
import { captchaProblems } from '@/server/features/captcha/index';
import { adoptPageChecks, adoptPageLanguage, adoptPrivacyPolicyUrl } from '@/server/features/page-defaults/index';
import { assertPageEditable } from '@/server/features/plan-limits/index';
import { type AuditActor, recordAudit } from '@/server/features/team/index';
import { planOf } from '@/server/features/workspaces/index';

type FormRow = typeof forms.$inferSelect;
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 12 random base62 characters (71 bits): short enough for a link, impossible to guess. */
function newFormId(): string {
  return Array.from(randomBytes(12), (b) => ID_ALPHABET[b % 62]).join('');
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The owner's live pages: everything but Recently deleted. */
const notDeleted = isNull(forms.deletedAt);
const purgeDate = (deletedAt: Date) => new Date(deletedAt.getTime() + DELETED_FORM_RETENTION_DAYS * DAY_MS);

const nameOf = (config: FormConfig) => config.title.trim() || 'Untitled form';

export function toDetail(row: FormRow, publicOrigin: string): FormDetail {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    draft: row.draft,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publicUrl: `${publicOrigin}/f/${row.id}`,
    ownerNotify: row.ownerNotify,
  };
}

/** The email field is locked and the PDF, when set, must be one of this workspace's files. */
async function checkConfig(executor: Executor, workspaceId: string, config: FormConfig) {
  if (!hasLockedEmailField(config)) throw fieldError('fields', formMessages.emailFieldLocked);
  if (config.leadMagnet) {
    const [file] = await executor
      .select({ id: files.id, contentType: files.contentType })
      .from(files)
      .where(and(eq(files.id, config.leadMagnet.id), eq(files.workspaceId, workspaceId)));
    // Its kind (PDF, DOCX, …) is the stored file's, not whatever a client claims; pages saved before kinds hold PDFs.
    const kind = config.leadMagnet.kind ?? 'pdf';
    if (!file || kindOfFile(file) !== kind) throw fieldError('leadMagnet', formMessages.leadMagnetRequired);
  }
  // A draft may still lack the address (publishing requires it), never hold one visitors cannot be sent to.
  const redirect = config.redirectUrl.trim() === '' ? undefined : redirectUrlError(config);
  if (redirect) throw fieldError('redirectUrl', redirect);
  const embedOrigins = embedOriginsError(config.embedOrigins);
  if (embedOrigins) throw fieldError('embedOrigins', embedOrigins);
  await checkImages(executor, workspaceId, config);
}

/**
 * Where a page shows uploaded images: its logo and cover, its sections' photos and logos, and those
 * its A/B variant B shows instead (B's design changes, B's own sections).
 */
const imagesOf = (config: FormConfig): { key: string; ref: ImageRef }[] => {
  const b = variantDesignChanges(config.abTest);
  const places: [string, ImageRef | null | undefined][] = [
    ['design.logo', config.design.logo],
    ['design.cover', config.design.cover],
    ['abTest.designChanges.logo', b.logo],
    ['abTest.designChanges.cover', b.cover],
  ];
  return [
    ...places.flatMap(([key, ref]) => (ref ? [{ key, ref }] : [])),
    ...sectionImages(config.sections),
    ...sectionImages(config.abTest?.sections, 'abTest.sections'),
  ];
};

/**
 * A page shows only this workspace's uploads, at their real size: the width and height the page
 * reserves come from the upload, not from whatever a client sends, so nothing shifts as it loads.
 */
async function checkImages(executor: Executor, workspaceId: string, config: FormConfig) {
  const used = imagesOf(config);
  if (used.length === 0) return;
  const stored = await executor
    .select({ id: images.id, width: images.width, height: images.height })
    .from(images)
    .where(and(eq(images.workspaceId, workspaceId), inArray(images.id, [...new Set(used.map(({ ref }) => ref.id))])));
  for (const { key, ref } of used) {
    const image = stored.find((row) => row.id === ref.id);
    if (!image || image.width !== ref.width || image.height !== ref.height) throw fieldError(key, formMessages.imageMissing);
  }
}

/** The sites that may embed the page are stored as origins, each once (`https://Example.com/` is `https://example.com`). */
const withOrigins = (config: FormConfig): FormConfig => ({ ...config, embedOrigins: normalizeEmbedOrigins(config.embedOrigins) });

/**
 * Only a plan with 'Remove Branding' may switch the "Made with Lodestone" link off. A page that had it
 * off already (saved on Pro, then back on Free) keeps its setting on the next save: what the page
 * shows is decided by the plan when it is shown (public-pages/render.tsx), so the link is back anyway.
 */
async function checkBranding(tx: Executor, workspaceId: string, config: FormConfig, before?: FormConfig) {
  if (config.showBranding !== false || before?.showBranding === false) return;
  if (!canRemoveBranding(await planOf(tx, workspaceId))) {
    throw new HttpError(403, ErrorCode.PLAN_LIMIT, REMOVE_BRANDING_NEEDS_PRO);
  }
}

/** A 400 about one part of the config, its message as the editor shows it beside that part. */
const fieldError = (key: string, message: string) => new HttpError(400, ErrorCode.VALIDATION_ERROR, message, { [key]: message });

/** One creation or restore at a time per workspace, so two tabs cannot both take the last free slot. */
async function lockWorkspaceForms(tx: Executor, workspaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`forms:${workspaceId}`}))`);
}

/** The Free plan's form limit counts live pages only: a page in Recently deleted frees its slot. */
async function checkFormLimit(tx: Executor, workspaceId: string) {
  const [workspace] = await tx.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  const limit = workspace ? PLANS[workspace.plan].formLimit : null;
  if (limit === null) return;
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(forms)
    .where(and(eq(forms.workspaceId, workspaceId), notDeleted))) as [{ n: number }];
  if (n >= limit) throw new HttpError(403, ErrorCode.PLAN_LIMIT, PLAN_LIMIT_MESSAGE);
}

export async function createForm(db: Db, workspaceId: string, config: FormConfig): Promise<FormRow> {
  return db.transaction(async (tx) => {
    await lockWorkspaceForms(tx, workspaceId);
    await checkFormLimit(tx, workspaceId);
    await checkConfig(tx, workspaceId, config);
    await checkBranding(tx, workspaceId, config);
    const [row] = await tx
      .insert(forms)
      .values({ id: newFormId(), workspaceId, name: nameOf(config), draft: withOrigins(config) })
      .returning();
    return row!;
  });
}

/** 'Copy of {title}', within the title's 200 characters. */
const copyTitle = (config: FormConfig) => `Copy of ${nameOf(config)}`.slice(0, 200);

/**
 * A new page from one of the workspace's pages, as the owner last edited it: its draft (publishing
 * copies the draft, so the draft is never older than what visitors see), titled 'Copy of {title}',
 * unpublished, with no leads or views. It takes a slot like any new page. Both pages point at the
 * same stored file: uploads are removed only once no page's draft or published version uses them
 * (files/cleanup.task.ts), so deleting either page leaves the other's download intact.
 */
export async function duplicateForm(db: Db, workspaceId: string, id: string): Promise<FormRow> {
  return db.transaction(async (tx) => {
    await lockWorkspaceForms(tx, workspaceId);
    const source = await getForm(tx, workspaceId, id);
    await checkFormLimit(tx, workspaceId);
    const draft: FormConfig = { ...source.draft, title: copyTitle(source.draft) };
    await checkConfig(tx, workspaceId, draft);
    // The source's own setting carries over, as a save of the source would keep it.
    await checkBranding(tx, workspaceId, draft, source.draft);
    const [row] = await tx
      .insert(forms)
      .values({ id: newFormId(), workspaceId, name: nameOf(draft), draft, ownerNotify: source.ownerNotify })
      .returning();
    return row!;
  });
}

/** One of the workspace's live pages; a deleted one is not found until it is restored. */
/** 404 unless the form belongs to the workspace: nothing reads a form the caller does not own. */
export async function assertOwnForm(executor: Executor, workspaceId: string, formId: string) {
  const [row] = await executor
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId)));
  if (!row) throw notFound('This form');
}

export async function getForm(executor: Executor, workspaceId: string, id: string): Promise<FormRow> {
  const [row] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.workspaceId, workspaceId), notDeleted));
  if (!row) throw notFound('This form');
  return row;
}

export async function saveDraft(db: Db, workspaceId: string, id: string, config: FormConfig): Promise<FormRow> {
  return db.transaction(async (tx) => {
    const current = await getForm(tx, workspaceId, id);
    await assertPageEditable(tx, workspaceId, id);
    await checkConfig(tx, workspaceId, config);
    await checkBranding(tx, workspaceId, config, current.draft);
    const [row] = await tx
      .update(forms)
      .set({ draft: withOrigins(config), name: nameOf(config) })
      .where(and(eq(forms.id, id), eq(forms.workspaceId, workspaceId)))
      .returning();
    return row!;
  });
}

/** The draft becomes what visitors see, and the form goes live. */
export async function publishForm(db: Db, workspaceId: string, id: string, publicOrigin: string): Promise<FormRow> {
  return db.transaction(async (tx) => {
    const form = await getForm(tx, workspaceId, id);
    await assertPageEditable(tx, workspaceId, id);
    const errors: Record<string, string> = {
      ...validateForPublish(form.draft),
      ...(await paymentProblems(tx, workspaceId, form.draft)),
      ...(await captchaProblems(tx, workspaceId, form.draft)),
    };
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, ErrorCode.NOT_PUBLISHABLE, Object.values(errors)[0]!, errors);
    }
    await checkConfig(tx, workspaceId, form.draft);
    const [row] = await tx
      .update(forms)
      .set({
        published: form.draft,
        publishedVersion: sql`${forms.publishedVersion} + 1`,
        publishedAt: new Date(),
        status: 'active',
        // A test switched on, or changed in what it compares, starts again (domain/ab-test.ts).
        ...(abTestStarts(form.published, form.draft) ? { abTestStartedAt: new Date() } : {}),
      })
      .where(eq(forms.id, id))
      .returning();
    // Leads on the page's follow-up sequence fall due under the sequence as published now.
    await rescheduleFollowUps(tx, id, form.published, form.draft);
    // The first address published becomes the one the workspace's new pages start from.
    await adoptPrivacyPolicyUrl(tx, workspaceId, form.draft.privacyPolicyUrl);
    await adoptPageLanguage(tx, workspaceId, form.draft.language);
    await adoptPageChecks(tx, workspaceId, form.draft);
    await emitEvent(tx, {
      workspaceId,
      formId: id,
      type: 'form.published',
      data: publishedFormEventData(row!, publicOrigin),
    });
    return row!;
  });
}

export async function setStatus(db: Db, workspaceId: string, id: string, status: FormStatus): Promise<FormRow> {
  await assertPageEditable(db, workspaceId, id);
  const [row] = await db
    .update(forms)
    .set({ status })
    .where(and(eq(forms.id, id), eq(forms.workspaceId, workspaceId), notDeleted))
    .returning();
  if (!row) throw notFound('This form');
  return row;
}

/**
 * Moves the page to Recently deleted: it goes offline at once (visitors get 404), leaves the list
 * and the stats, and keeps its leads and file until the daily purge, DELETED_FORM_RETENTION_DAYS later.
 */
export async function deleteForm(db: Db, actor: AuditActor, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(forms)
      // updatedAt keeps its value: deleting and restoring change nothing the owner edited.
      .set({ deletedAt: now, updatedAt: sql`${forms.updatedAt}` })
      .where(and(eq(forms.id, id), eq(forms.workspaceId, actor.workspaceId), notDeleted))
      .returning({ id: forms.id, name: forms.name });
    if (!row) throw notFound('This form');
    await recordAudit(tx, actor, 'page.deleted', row.name);
  });
}

/** Brings a page back from Recently deleted exactly as it was (same status, same published version). */
export async function restoreForm(db: Db, workspaceId: string, id: string): Promise<FormRow> {
  return db.transaction(async (tx) => {
    await lockWorkspaceForms(tx, workspaceId);
    const where = and(eq(forms.id, id), eq(forms.workspaceId, workspaceId), isNotNull(forms.deletedAt));
    const [deleted] = await tx.select({ id: forms.id }).from(forms).where(where);
    if (!deleted) throw notFound('This deleted form');
    await checkFormLimit(tx, workspaceId);
    // Its slug (custom domains' `/{slug}`) may have gone to another page meanwhile: then it comes back without one.
    const slugTaken = sql.raw(`exists (select 1 from forms as other where other.workspace_id = forms.workspace_id
      and other.slug = forms.slug and other.deleted_at is null and other.id <> forms.id)`);
    const [row] = await tx
      .update(forms)
      .set({
        deletedAt: null,
        slug: sql`case when ${slugTaken} then null else forms.slug end`,
        updatedAt: sql`${forms.updatedAt}`,
      })
      .where(where)
      .returning();
    return row!;
  });
}

/** Hard-deletes pages deleted before `deletedBefore`, their leads, stats and payments with them (foreign keys cascade). */
export async function purgeDeletedForms(db: Db, deletedBefore: Date): Promise<number> {
  const purged = await db.delete(forms).where(lt(forms.deletedAt, deletedBefore)).returning({ id: forms.id });
  return purged.length;
}

/**
 * Newest first, 50 a page (`size` for the public API), keyset-paginated on (created_at, id).
 * status=deleted lists Recently deleted, and only it. The owner's screens filter by PageState
 * (`byPageState`): 'draft' is a page never published, 'active' and 'inactive' published ones; the
 * public API filters by the stored status, as it documents.
 */
export async function listForms(
  db: Db,
  workspaceId: string,
  query: ListFormsFilter,
  publicOrigin: string,
  size = FORMS_PAGE_SIZE,
  { byPageState = false } = {},
): Promise<FormListPage> {
  const after = query.cursor ? decodeCursor(query.cursor, isFormId) : undefined;
  const rows = await db
    .select({
      id: forms.id,
      name: forms.name,
      createdAt: forms.createdAt,
      views: sql<number>`coalesce(${formStatTotals.views}, 0)::int`,
      status: forms.status,
      deletedAt: forms.deletedAt,
      published: sql<boolean>`${forms.published} is not null`,
      // The leads still stored (form_lead_counts: one row per month, kept by triggers on leads), not every lead row counted.
      leads: sql<number>`(select coalesce(sum(${formLeadCounts.leads}), 0)::int from ${formLeadCounts} where ${formLeadCounts.formId} = ${forms.id})`,
      confirmedLeads: sql<number>`coalesce(${formStatTotals.confirmations}, 0)::int`,
      position: cursorTime(forms.createdAt),
    })
    .from(forms)
    // The page's all-time roll-up sums, one row (kept by triggers on form_daily_stats).
    .leftJoin(formStatTotals, eq(formStatTotals.formId, forms.id))
    .where(
      and(
        eq(forms.workspaceId, workspaceId),
        query.status === 'deleted' ? isNotNull(forms.deletedAt) : notDeleted,
        statusCondition(query.status, byPageState),
        query.q ? ilike(forms.name, containsPattern(query.q)) : undefined,
        after ? olderThan(forms.createdAt, forms.id, after, 'text') : undefined,
      ),
    )
    .orderBy(desc(forms.createdAt), desc(forms.id))
    .limit(size + 1);
  const { page, nextCursor } = keysetPage(rows, size, (r) => ({ time: r.position, id: r.id }));
  const items: FormSummary[] = page.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    views: r.views,
    leads: r.leads,
    confirmedLeads: r.confirmedLeads,
    conversionRate: conversionRate(r.leads, r.views),
    status: r.status,
    published: r.published,
    publicUrl: `${publicOrigin}/f/${r.id}`,
    deletedAt: r.deletedAt?.toISOString() ?? null,
    purgeAt: r.deletedAt ? purgeDate(r.deletedAt).toISOString() : null,
  }));
  return { items, nextCursor };
}

function statusCondition(status: ListFormsFilter['status'], byPageState: boolean) {
  if (status === 'all' || status === 'deleted') return undefined;
  if (status === 'draft') return isNull(forms.published);
  return byPageState ? and(eq(forms.status, status), isNotNull(forms.published)) : eq(forms.status, status);
}
