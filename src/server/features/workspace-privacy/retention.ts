import { and, eq, notExists, sql } from 'drizzle-orm';
import type { RetentionSettings } from '@/domain/retention';
import type { Executor } from '@/server/db/client';
import { events, leads, organizations, payments } from '@/server/db/schema';
import { notFound } from '@/server/lib/http-errors';
import { countedLeadColumns, uncountLeads } from '@/server/features/page-counts';

const settingsColumns = {
  pendingLeadDays: organizations.pendingLeadRetentionDays,
  allLeadsDays: organizations.leadRetentionDays,
};

export async function retentionSettings(db: Executor, workspaceId: string): Promise<RetentionSettings> {
  const [row] = await db.select(settingsColumns).from(organizations).where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return row;
}

export async function setRetentionSettings(db: Executor, workspaceId: string, settings: RetentionSettings) {
  const [row] = await db
    .update(organizations)
    .set({ pendingLeadRetentionDays: settings.pendingLeadDays, leadRetentionDays: settings.allLeadsDays })
    .where(eq(organizations.id, workspaceId))
    .returning(settingsColumns);
  if (!row) throw notFound('This workspace');
  return row;
}

/** The lead's workspace's setting, in SQL, for a statement over `leads`. */
const keptDays = (column: typeof organizations.pendingLeadRetentionDays | typeof organizations.leadRetentionDays) =>
  sql`(select ${column} from ${organizations} where ${organizations.id} = ${leads.workspaceId})`;

/** Signed up longer ago than the workspace keeps them; never true where the setting is null (no limit). */
const expired = (column: Parameters<typeof keptDays>[0]) =>
  sql`${leads.createdAt} < now() - make_interval(days => ${keptDays(column)})`;

/**
 * Deletes, in every workspace, the unconfirmed double opt-in leads older than the workspace keeps
 * them and, where the workspace set a limit for all leads, every lead older than that; with each
 * lead go its answers and consent records (foreign keys) and its outbound events. A lead with a payment is kept: payment
 * records are needed for tax. The daily roll-up forgets them too, so every count agrees with the
 * lead rows (decision 0065).
 */
export async function purgeExpiredLeads(db: Executor) {
  const noPayment = notExists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(eq(payments.leadId, leads.id)),
  );
  const pending = await db
    .delete(leads)
    .where(and(eq(leads.status, 'pending'), noPayment, expired(organizations.pendingLeadRetentionDays)))
    .returning({ id: leads.id, ...countedLeadColumns });
  const all = await db
    .delete(leads)
    .where(and(noPayment, expired(organizations.leadRetentionDays)))
    .returning({ id: leads.id, ...countedLeadColumns });
  // Their events (lead.created, lead.confirmed, with the address) go too; deliveries cascade.
  await uncountLeads(db, [...pending, ...all]);
  const ids = [...pending, ...all].map((l) => l.id);
  if (ids.length > 0) await db.delete(events).where(sql`${events.leadId} = any(${`{${ids.join(',')}}`}::uuid[])`);
  return { pending: pending.length, all: all.length };
}
