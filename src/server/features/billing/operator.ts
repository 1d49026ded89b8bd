import { and, eq, or, sql } from 'drizzle-orm';
import { PLAN_IDS, PLANS, type PlanId } from '@/domain/plans';
import type { Db } from '@/server/db/client';
import { members, organizations, users } from '@/server/db/schema/index';
import { movePlan, type BillingDeps } from './apply.js';

/** Who the audit log (which the workspace's owners read) names for a plan set with `npm run plan`. */
export const OPERATOR = 'Lodestone’s team';

export class PlanCommandError extends Error {}

/**
 * `npm run plan -- <workspace> <plan>` on a server that sells nothing (no BILLING_*): sets the plan
 * of the workspace named by its id, its slug or its only owner's email. Where Stripe sells the
 * plans, the plan follows the subscription and this refuses.
 */
export async function setPlanAsOperator(deps: BillingDeps, reference: string, plan: string): Promise<string> {
  if (deps.billing)
    throw new PlanCommandError('This server sells its plans through Stripe: a workspace’s plan follows its subscription.');
  if (!(PLAN_IDS as readonly string[]).includes(plan))
    throw new PlanCommandError(`The plan must be one of: ${PLAN_IDS.join(', ')}.`);
  const workspaceId = await findWorkspace(deps.db, reference);
  const changed = await deps.db.transaction((tx) => movePlan(deps, tx, workspaceId, plan as PlanId, OPERATOR));
  return changed
    ? `${workspaceId} is on ${PLANS[plan as PlanId].title} now.`
    : `${workspaceId} was on ${PLANS[plan as PlanId].title} already.`;
}

async function findWorkspace(db: Db, reference: string): Promise<string> {
  const [byId] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(or(eq(organizations.id, reference), eq(organizations.slug, reference)));
  if (byId) return byId.id;
  const owned = (await ownedBy(db, reference)).map((w) => w.id);
  if (owned.length === 1) return owned[0]!;
  throw new PlanCommandError(
    owned.length > 1
      ? `${reference} owns ${owned.length} workspaces (${owned.join(', ')}): name one by its id.`
      : `No workspace has the id or slug ${reference}, and no owner has that email.`,
  );
}

const ownedBy = (db: Db, email: string) =>
  db
    .select({ id: members.organizationId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(members.role, 'owner')));
