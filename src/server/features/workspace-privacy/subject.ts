import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { erasureTombstones, forms, leads, organizations } from '@/server/db/schema';
import { notFound } from '@/server/lib/http-errors';
import type { Tokens } from '@/server/lib/tokens';

/**
 * The person a request is about, as the log and the tombstone name them: a keyed hash (HMAC under
 * SECRET) of the workspace and the normalised address. The same person in the same workspace always
 * gives the same value; without SECRET nobody can tell which address it was, and another workspace
 * gets a different value for the same address.
 */
export const subjectHashOf = (tokens: Tokens, workspaceId: string, email: string) =>
  tokens.hashValue('erasure-subject', `${workspaceId}:${email}`);

/** The workspace's leads of this address, on every page (deleted pages too), oldest first. */
export function subjectLeads(db: Executor, workspaceId: string, email: string) {
  return db
    .select({ lead: leads, page: { id: forms.id, name: forms.name, published: forms.published, draft: forms.draft } })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.email, email)))
    .orderBy(leads.createdAt);
}

export async function workspaceName(db: Executor, workspaceId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return row;
}

/** When this address was erased from the workspace, if it was. */
export async function tombstoneOf(db: Executor, workspaceId: string, subjectHash: string) {
  const [row] = await db
    .select({ erasedAt: erasureTombstones.erasedAt })
    .from(erasureTombstones)
    .where(and(eq(erasureTombstones.workspaceId, workspaceId), eq(erasureTombstones.subjectHash, subjectHash)));
  return row?.erasedAt ?? null;
}
