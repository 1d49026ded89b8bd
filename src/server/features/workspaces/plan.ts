import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../domain/plans.js';
import type { Executor } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';

/** The workspace's plan (SPEC §9); Free for one that does not exist (it may do nothing more). */
export async function planOf(executor: Executor, workspaceId: string): Promise<PlanId> {
  const [row] = await executor.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  return row?.plan ?? 'free';
}
