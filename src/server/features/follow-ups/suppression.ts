import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { emailSuppressions, followUpLeads, leads, type SuppressionReason } from '@/server/db/schema/index';

/**
 * The suppression list's key for an address in a workspace: an HMAC under SECRET of both, so the
 * list proves a match without holding the address, and one workspace's list says nothing of another's.
 */
export function suppressionHash(secret: string, workspaceId: string, email: string): string {
  return createHmac('sha256', secret).update(`suppression:${workspaceId}:${email.trim().toLowerCase()}`).digest('base64url');
}

export async function isSuppressed(tx: Executor, secret: string, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.workspaceId, workspaceId),
        eq(emailSuppressions.emailHash, suppressionHash(secret, workspaceId, email)),
      ),
    );
  return row !== undefined;
}

/**
 * Adds an address to a workspace's suppression list (the first reason stays: an unsubscribed
 * address that later bounces is still counted as unsubscribed) and stops every sequence of that
 * workspace to it at once. True when it was not on the list before.
 */
export async function suppress(
  tx: Executor,
  secret: string,
  entry: { workspaceId: string; email: string; reason: SuppressionReason; source: string; formId?: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(emailSuppressions)
    .values({
      workspaceId: entry.workspaceId,
      emailHash: suppressionHash(secret, entry.workspaceId, entry.email),
      reason: entry.reason,
      source: entry.source,
      formId: entry.formId ?? null,
    })
    .onConflictDoNothing()
    .returning({ reason: emailSuppressions.reason });
  const sameAddress = tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.workspaceId, entry.workspaceId), eq(leads.email, entry.email.trim().toLowerCase())));
  await tx
    .update(followUpLeads)
    .set({ nextDueAt: null, stoppedAt: new Date(), stoppedBecause: entry.reason })
    .where(
      and(
        inArray(followUpLeads.leadId, sameAddress),
        eq(followUpLeads.workspaceId, entry.workspaceId),
        isNull(followUpLeads.stoppedAt),
      ),
    );
  return inserted.length > 0;
}
