import { eq } from 'drizzle-orm';
import { PLAN_IDS, PLANS, type PlanId } from '@/domain/plans';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';
import { workspacePagesChanged } from '@/server/features/submissions';
import { recordAudit } from '@/server/features/team/index';

const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

/** Who changed a plan, as the audit log names them: 'Stripe billing', an operator's CLI. */
export type PlanChanger = string;

/**
 * Sets the workspace's plan in the caller's transaction, which holds the workspace's billing lock.
 * A change is audited once; the same plan again changes and records nothing. Returns the plan it
 * had, or null when it did not change.
 */
export async function changePlan(tx: Executor, workspaceId: string, plan: PlanId, by: PlanChanger): Promise<PlanId | null> {
  const [current] = await tx
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, workspaceId))
    .for('update');
  if (!current || current.plan === plan) return null;
  await tx.update(organizations).set({ plan }).where(eq(organizations.id, workspaceId));
  // Its pages are rendered per plan (the "Made with Lodestone" link): every server drops them at the commit.
  await workspacePagesChanged(tx, workspaceId);
  await recordAudit(tx, { userId: by, workspaceId }, 'plan.changed', `${PLANS[current.plan].title} → ${PLANS[plan].title}`);
  return current.plan;
}

export const isUpgrade = (from: PlanId, to: PlanId) => rank(to) > rank(from);
