import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { members, organizations, users } from '@/server/db/schema/index';

/** The owners (role 'owner') of these workspaces: who the usage notices and the lead notifications go to. */
export function workspaceOwners(tx: Executor, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      workspaceId: members.organizationId,
      workspaceName: organizations.name,
      userId: users.id,
      email: users.email,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(inArray(members.organizationId, workspaceIds), eq(members.role, 'owner')))
    .orderBy(members.createdAt);
}

/**
 * The workspace's first owner's account address: where visitors' replies go when a page names no
 * Reply-To (as submissions/lead-state.ts reads it for a lead's emails). Forms have no creator of
 * their own; the workspace's owner answers for its pages.
 */
export async function firstOwnerEmail(tx: Executor, workspaceId: string): Promise<string | null> {
  const [first] = await workspaceOwners(tx, [workspaceId]);
  return first?.email ?? null;
}
