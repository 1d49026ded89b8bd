import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditEntry } from '@/domain/team';
import type { Executor } from '@/server/db/client';
import { auditEvents, users } from '@/server/db/schema/index';

/** The sensitive actions the audit log records (docs/decisions/0042): members, keys, exports, erasures, deletions, plan changes. */
export const AUDIT_ACTIONS = {
  'member.invited': 'Invited a member',
  'invitation.revoked': 'Revoked an invitation',
  'member.joined': 'Joined the workspace',
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the workspace',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'leads.exported': 'Exported leads',
  'lead.erased': 'Erased a person’s data',
  'page.deleted': 'Deleted a page',
  'plan.changed': 'Changed the plan',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditActor {
  /** A user's id; anything else (an API key's `api-key:…`) is recorded by that name. */
  userId: string | null;
  workspaceId: string;
}

/** Records `action` in the caller's transaction: it is logged if and only if the action commits. */
export async function recordAudit(tx: Executor, actor: AuditActor, action: AuditAction, target = '') {
  const [user] = actor.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)) : [];
  await tx.insert(auditEvents).values({
    workspaceId: actor.workspaceId,
    actorId: user ? actor.userId : null,
    actorEmail: user?.email ?? actor.userId,
    action,
    target,
  });
}

const AUDIT_PAGE = 100;

/** Actors recorded under an operator's name before it was worded for the owners who read the log. */
const LEGACY_ACTORS: Record<string, string> = { 'Operator (npm run plan)': 'Lodestone’s team' };

/** The workspace's audit log, newest first, 100 a page (`before`: the last id of the page before). */
export async function listAudit(db: Executor, workspaceId: string, before?: number): Promise<{ items: AuditEntry[] }> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), before ? lt(auditEvents.id, before) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(AUDIT_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: (r.actorEmail && LEGACY_ACTORS[r.actorEmail]) ?? r.actorEmail ?? 'Lodestone',
      action: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
      target: r.target,
    })),
  };
}
