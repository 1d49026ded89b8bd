import { eq } from 'drizzle-orm';
import type { BusinessAddress } from '@/domain/paid-orders';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

/** The seller's postal address every receipt of the workspace shows (contract: src/domain/paid-orders.ts). */
export async function businessAddress(db: Executor, workspaceId: string): Promise<BusinessAddress> {
  const [row] = await db
    .select({ businessAddress: organizations.businessAddress })
    .from(organizations)
    .where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return { businessAddress: row.businessAddress ?? '' };
}

export async function setBusinessAddress(db: Executor, workspaceId: string, value: BusinessAddress): Promise<BusinessAddress> {
  const [row] = await db
    .update(organizations)
    .set({ businessAddress: value.businessAddress === '' ? null : value.businessAddress })
    .where(eq(organizations.id, workspaceId))
    .returning({ businessAddress: organizations.businessAddress });
  if (!row) throw notFound('This workspace');
  return { businessAddress: row.businessAddress ?? '' };
}
