import { and, eq, sql } from 'drizzle-orm';
import { CONVERSION_DESTINATIONS } from '@/domain/conversions';
import type { ConversionCounts } from '@/domain/conversions-api';
import type { Executor } from '@/server/db/client';
import { conversionAccounts, conversionSends } from '@/server/db/schema/index';

const count = (status: 'sent' | 'failed' | 'pending') =>
  sql<number>`(count(*) filter (where ${conversionSends.status} = ${status}))::int`;

/**
 * A page's conversions per destination: sent, failed, and waiting (first attempt or a retry). A
 * destination is listed while it is connected or has sends from the page.
 */
export async function formConversionCounts(db: Executor, workspaceId: string, formId: string): Promise<ConversionCounts[]> {
  const [rows, connected] = await Promise.all([
    db
      .select({
        destination: conversionSends.destination,
        sent: count('sent'),
        failed: count('failed'),
        pending: count('pending'),
      })
      .from(conversionSends)
      .where(and(eq(conversionSends.formId, formId), eq(conversionSends.workspaceId, workspaceId)))
      .groupBy(conversionSends.destination),
    db
      .select({ destination: conversionAccounts.destination })
      .from(conversionAccounts)
      .where(eq(conversionAccounts.workspaceId, workspaceId)),
  ]);
  return CONVERSION_DESTINATIONS.flatMap((destination) => {
    const row = rows.find((r) => r.destination === destination);
    if (row) return [row];
    return connected.some((c) => c.destination === destination) ? [{ destination, sent: 0, failed: 0, pending: 0 }] : [];
  });
}
