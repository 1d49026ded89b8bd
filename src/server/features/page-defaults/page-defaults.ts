import { and, eq, isNull } from 'drizzle-orm';
import type { PageDefaults } from '@/domain/page-defaults';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

/** What the workspace's new pages start from (contract: src/domain/page-defaults.ts). */
export async function pageDefaults(db: Executor, workspaceId: string): Promise<PageDefaults> {
  const [row] = await db
    .select({ privacyPolicyUrl: organizations.privacyPolicyUrl })
    .from(organizations)
    .where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return { privacyPolicyUrl: row.privacyPolicyUrl ?? '' };
}

export async function setPageDefaults(db: Executor, workspaceId: string, defaults: PageDefaults): Promise<PageDefaults> {
  const [row] = await db
    .update(organizations)
    .set({ privacyPolicyUrl: defaults.privacyPolicyUrl === '' ? null : defaults.privacyPolicyUrl })
    .where(eq(organizations.id, workspaceId))
    .returning({ privacyPolicyUrl: organizations.privacyPolicyUrl });
  if (!row) throw notFound('This workspace');
  return { privacyPolicyUrl: row.privacyPolicyUrl ?? '' };
}

/**
 * A page being published gives a workspace that has no privacy-policy address its own, so the
 * owner never types it twice. A workspace that has one keeps it (the owner chose it).
 */
export async function adoptPrivacyPolicyUrl(db: Executor, workspaceId: string, url: string | undefined): Promise<void> {
  const address = (url ?? '').trim();
  if (address === '') return;
  await db
    .update(organizations)
    .set({ privacyPolicyUrl: address })
    .where(and(eq(organizations.id, workspaceId), isNull(organizations.privacyPolicyUrl)));
}
