import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ROLES, type Role, type WorkspaceChoice } from '@/domain/team';
import type { Db } from '@/server/db/client';
import { members, organizations, sessions } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { ensureWorkspace } from '@/server/features/workspaces/index';

/** Who is calling, in which workspace, with which role: every owner route is scoped by it. */
export interface Membership {
  userId: string;
  workspaceId: string;
  role: Role;
}

/**
 * The workspace a session works in: the one it chose (PUT /api/workspaces/active) while the user is
 * still a member of it, else the first workspace the user owns, else the first they joined. Read
 * afresh on every request, so a removed member loses the workspace at once. A user with no
 * workspace at all (they left every one) gets a new one of their own.
 */
export async function activeMembership(db: Db, user: { id: string; name: string }, sessionId: string): Promise<Membership> {
  const [row] = await db
    .select({ workspaceId: members.organizationId, role: members.role })
    .from(members)
    .leftJoin(sessions, eq(sessions.id, sessionId))
    .where(and(eq(members.userId, user.id), inArray(members.role, ROLES)))
    .orderBy(
      desc(sql`${members.organizationId} = ${sessions.activeOrganizationId} is true`),
      desc(sql`${members.role} = 'owner'`),
      asc(members.createdAt),
    )
    .limit(1);
  if (row) return { userId: user.id, workspaceId: row.workspaceId, role: row.role as Role };
  const workspace = await ensureWorkspace(db, user);
  return { userId: user.id, workspaceId: workspace.id, role: 'owner' };
}

/** Every workspace the user belongs to, their own first, marking the one this session works in. */
export async function workspacesOf(db: Db, userId: string, activeId: string): Promise<WorkspaceChoice[]> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, role: members.role })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.userId, userId), inArray(members.role, ROLES)))
    .orderBy(desc(sql`${members.role} = 'owner'`), asc(members.createdAt));
  return rows.map((r) => ({ ...r, role: r.role as Role, active: r.id === activeId }));
}

/** Makes this session work in `workspaceId`, which the user must belong to (404 otherwise, as for any other's object). */
export async function chooseWorkspace(db: Db, userId: string, sessionId: string, workspaceId: string): Promise<WorkspaceChoice> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, role: members.role })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.userId, userId), eq(members.organizationId, workspaceId), inArray(members.role, ROLES)));
  if (!row) throw notFound('This workspace');
  await db
    .update(sessions)
    .set({ activeOrganizationId: workspaceId })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return { ...row, role: row.role as Role, active: true };
}
