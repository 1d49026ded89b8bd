import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { EXPORT_EMAIL_MIN_ROWS, EXPORT_TTL_DAYS, type LeadExportFilter } from '@/domain/lead-export';
import type { Db } from '@/server/db/client';
import { leadExports, users } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';
import type { Tokens } from '@/server/lib/tokens';
import { workspaceLeadsWhere } from '@/server/features/leads';
import { queueEmail } from '@/server/features/mail/index';
import { ExportColumns, type ExportPage, type ExportRow } from './columns.js';
import { csvRecord, UTF8_BOM } from './csv.js';
import { downloadUrl } from './download-link.js';
import { countQuery, pagesQuery, rowsQuery } from './export-query.js';

export interface ExportDeps {
  db: Db;
  storage: Storage;
  tokens: Tokens;
  appOrigin: string;
  /** Rows fetched from the cursor at a time (and between progress updates). */
  batchSize?: number;
  /** Exports with more rows than this are emailed; a test lowers it rather than inserting 10,000 leads. */
  emailMinRows?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CURSOR = 'lead_export';
/** What the owner reads when an export fails; the cause goes to the log only. */
export const EXPORT_FAILED_MESSAGE = 'The export could not be finished. Please try again; if it fails again, contact support.';

export const storageKeyOf = (id: string, format: string) => `lead-export-${id}.${format}`;

/**
 * Builds one export: counts its rows, streams them from a server-side cursor into storage (so
 * memory stays flat whatever the size), reports progress after every batch, then marks it ready
 * with a 7-day expiry (and emails the owner when it is large). A rerun after a crash starts again
 * from the first row and overwrites the file; an export that is already finished is left alone.
 */
export async function exportLeads(deps: ExportDeps, exportId: string, log: (msg: string) => void = () => {}): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(leadExports).where(eq(leadExports.id, exportId));
  if (!job || job.status === 'ready' || job.status === 'failed') return;
  await db
    .update(leadExports)
    .set({ status: 'running', rowsDone: 0, rowsTotal: null, error: null })
    .where(eq(leadExports.id, exportId));
  try {
    const { rows, size, storageKey } = await writeExport(deps, job);
    await finish(deps, job, rows, size, storageKey);
  } catch (err) {
    log(`lead export ${exportId} failed: ${err instanceof Error ? err.message : String(err)}`);
    await db
      .update(leadExports)
      .set({ status: 'failed', error: EXPORT_FAILED_MESSAGE, finishedAt: new Date() })
      .where(eq(leadExports.id, exportId));
  }
}

type ExportRecord = typeof leadExports.$inferSelect;

async function writeExport(deps: ExportDeps, job: ExportRecord) {
  const { db, storage, batchSize = 1000 } = deps;
  const filter = job.filter as LeadExportFilter;
  const where = workspaceLeadsWhere(job.workspaceId, filter);
  // One snapshot for the count, the columns and the rows: leads arriving meanwhile are not half in.
  const client: pg.PoolClient = await db.$client.connect();
  let open = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    open = true;
    const pages = await query<ExportPage>(client, pagesQuery(job.workspaceId, where));
    const [{ count } = { count: 0 }] = await query<{ count: number }>(client, countQuery(where));
    await db.update(leadExports).set({ rowsTotal: count }).where(eq(leadExports.id, job.id));
    const columns = new ExportColumns(pages);
    const rows = rowsQuery(where);
    await client.query(`declare ${CURSOR} no scroll cursor for ${rows.sql}`, rows.params);

    let done = 0;
    let size = 0;
    const encode = (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      size += bytes.length;
      return bytes;
    };
    const csv = job.format === 'csv';
    async function* file() {
      if (csv) yield encode(UTF8_BOM + csvRecord(columns.header));
      for (;;) {
        const batch = await client.query<ExportRow>(`fetch ${batchSize} from ${CURSOR}`);
        if (batch.rows.length === 0) return;
        let text = '';
        for (const row of batch.rows) {
          text += csv ? csvRecord(columns.csvValues(row)) : `${JSON.stringify(columns.jsonRecord(row))}\n`;
        }
        yield encode(text);
        done += batch.rows.length;
        await db.update(leadExports).set({ rowsDone: done }).where(eq(leadExports.id, job.id));
      }
    }
    const storageKey = storageKeyOf(job.id, job.format);
    await storage.write(storageKey, Readable.from(file(), { objectMode: false }));
    await client.query('commit');
    open = false;
    return { rows: done, size, storageKey };
  } finally {
    if (open) await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

async function query<T>(client: pg.PoolClient, q: { sql: string; params: unknown[] }): Promise<T[]> {
  return (await client.query(q.sql, q.params)).rows as T[];
}

async function finish(deps: ExportDeps, job: ExportRecord, rows: number, size: number, storageKey: string) {
  const { db, emailMinRows = EXPORT_EMAIL_MIN_ROWS } = deps;
  const finishedAt = new Date();
  const expiresAt = new Date(finishedAt.getTime() + EXPORT_TTL_DAYS * DAY_MS);
  const kept = await db.transaction(async (tx) => {
    const updated = await tx
      .update(leadExports)
      .set({ status: 'ready', rowsDone: rows, rowsTotal: rows, size, storageKey, finishedAt, expiresAt })
      .where(eq(leadExports.id, job.id))
      .returning({ id: leadExports.id });
    if (updated.length === 0) return false;
    if (rows <= emailMinRows) return true;
    const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, job.requestedBy));
    if (!owner) return true;
    await queueEmail(tx, {
      template: 'leadExportReady',
      to: owner.email,
      props: {
        rows,
        format: job.format,
        downloadUrl: downloadUrl(deps, job.id, expiresAt),
        expiresAt: expiresAt.toISOString(),
      },
    });
    return true;
  });
  // The export was deleted while it ran (an erasure removes the workspace's exports, which may hold
  // the person): its file, read from a snapshot taken before, must not outlive it.
  if (!kept) await deps.storage.remove(storageKey);
}
