import { eq } from 'drizzle-orm';
import type { PlanId } from '@/domain/plans';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';

/** The workspace's plan (docs/product.md#plans-and-limits); Free for one that does not exist (it may do nothing more). */
export async function planOf(executor: Executor, workspaceId: string): Promise<PlanId> {
  const [row] = await executor.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  return row?.plan ?? 'free';
}
