import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_DAYS, type AccountDeletionBody, type AccountStatus } from '@/domain/account';
import type { Db, Executor } from '@/server/db/client';
import { accounts, files, leadExports, members, organizations, users } from '@/server/db/schema/index';
import { validationError } from '@/server/lib/http-errors';
import type { Storage } from '@/server/lib/storage';
import { exportStorageKey } from '@/server/features/lead-export/index';

/** The workspaces `userId` is the only owner of: they go with the account. */
async function ownedAlone(tx: Executor, userId: string) {
  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      members: sql<number>`(select count(*)::int from ${members} m where m.organization_id = ${organizations.id})`,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(
      and(
        eq(members.userId, userId),
        eq(members.role, 'owner'),
        sql`not exists (select 1 from ${members} o where o.organization_id = ${members.organizationId}
          and o.role = 'owner' and o.user_id <> ${userId})`,
      ),
    );
  return rows;
}

export async function accountStatus(db: Db, userId: string): Promise<AccountStatus> {
  const [user] = await db.select({ deletionDueAt: users.deletionDueAt }).from(users).where(eq(users.id, userId));
  return { deletionDueAt: user?.deletionDueAt?.toISOString() ?? null, workspacesDeleted: await ownedAlone(db, userId) };
}

/**
 * Schedules the account's deletion ACCOUNT_DELETION_DAYS from now, after the owner typed its address
 * and gave its password (a session left open on a shared computer is not enough).
 */
export async function scheduleDeletion(
  db: Db,
  user: { id: string; email: string },
  body: AccountDeletionBody,
): Promise<AccountStatus> {
  if (body.confirm.trim().toLowerCase() !== user.email.toLowerCase())
    throw validationError({ confirm: 'Type your email address exactly as shown to confirm' });
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password: body.password })))
    throw validationError({ password: 'Your password is not right' });
  await db
    .update(users)
    .set({ deletionDueAt: sql`coalesce(${users.deletionDueAt}, now() + make_interval(days => ${ACCOUNT_DELETION_DAYS}))` })
    .where(eq(users.id, user.id));
  return accountStatus(db, user.id);
}

export async function cancelDeletion(db: Db, userId: string): Promise<AccountStatus> {
  await db.update(users).set({ deletionDueAt: null }).where(eq(users.id, userId));
  return accountStatus(db, userId);
}

/**
 * Deletes the accounts whose time has come, each in one transaction with the workspaces it alone
 * owns (their pages, leads, files' rows and everything else cascade); its memberships elsewhere go
 * with it. The stored files go after the commit: a rolled-back deletion must not have lost them.
 */
export async function purgeDueAccounts(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)));
  for (const { id } of due) {
    const keys = await db.transaction(async (tx) => {
      // Taken again under lock: kept or already deleted meanwhile, nothing happens.
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), lte(users.deletionDueAt, now)))
        .for('update');
      if (!user) return [];
      const workspaceIds = (await ownedAlone(tx, id)).map((w) => w.id);
      const inDeleted = (column: typeof files.workspaceId | typeof leadExports.workspaceId) =>
        workspaceIds.length > 0 ? inArray(column, workspaceIds) : sql`false`;
      const uploads = await tx.select({ key: files.storageKey }).from(files).where(inDeleted(files.workspaceId));
      // The exports of the deleted workspaces, and those the account asked for elsewhere (their rows go with it).
      const exports = await tx
        .select({ id: leadExports.id, format: leadExports.format, key: leadExports.storageKey })
        .from(leadExports)
        .where(or(inDeleted(leadExports.workspaceId), eq(leadExports.requestedBy, id)));
      if (workspaceIds.length > 0) await tx.delete(organizations).where(inArray(organizations.id, workspaceIds));
      await tx.delete(users).where(eq(users.id, id));
      return [...uploads.map((u) => u.key), ...exports.map((e) => e.key ?? exportStorageKey(e.id, e.format))];
    });
    await Promise.all(keys.map((key) => storage.remove(key)));
  }
  return due.length;
}
