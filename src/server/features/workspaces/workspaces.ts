import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members, organizations } from '@/server/db/schema/index';

const OWNER_ROLE = 'owner';

export interface Workspace {
  id: string;
  name: string;
}

/**
 * Returns the workspace the user owns, creating it on first need. Sign-up calls it right after the
 * account is committed; any later call finds the same one, even when two requests race. Only an
 * 'owner' membership counts: a workspace the user joined as a member is not their own (which
 * workspace a session works in is features/team's activeMembership).
 */
export async function ensureWorkspace(db: Db, user: { id: string; name: string }): Promise<Workspace> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workspace:${user.id}`}))`);
    const [existing] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(members)
      .innerJoin(organizations, eq(organizations.id, members.organizationId))
      .where(and(eq(members.userId, user.id), eq(members.role, OWNER_ROLE)))
      .orderBy(asc(members.createdAt))
      .limit(1);
    if (existing) return existing;
    const workspace = { id: randomUUID(), name: `${user.name}'s workspace` };
    await tx.insert(organizations).values({ ...workspace, slug: `ws-${workspace.id}` });
    await tx.insert(members).values({ id: randomUUID(), organizationId: workspace.id, userId: user.id, role: OWNER_ROLE });
    return workspace;
  });
}
