import { and, eq } from 'drizzle-orm';
import { CONVERSION_DESTINATION_NAMES, CONVERSION_DESTINATIONS, type ConversionDestination } from '@/domain/conversions';
import { type ConversionConnection, type ConversionSettings, maskCredential } from '@/domain/conversions-api';
import type { Executor } from '@/server/db/client';
import { conversionAccounts } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { workspacePagesChanged } from '@/server/features/submissions/index';
import type { ConversionDeps, SealedConversionCredential } from './deps.js';
import type { Connection } from './platforms.js';

/** What a connect form gives, whichever the destination: its public id, its credential, Meta's and TikTok's test code. */
export interface ConnectInput {
  accountId: string;
  credential: string;
  testEventCode: string | null;
}

type AccountRow = typeof conversionAccounts.$inferSelect;

const connectionView = (row: AccountRow): ConversionConnection => ({
  accountId: row.display.accountId ?? '',
  maskedCredential: row.display.maskedCredential ?? '',
  testEventCode: row.display.testEventCode ?? null,
  connectedAt: row.connectedAt.toISOString(),
});

export async function conversionSettings(deps: Pick<ConversionDeps, 'db'>, workspaceId: string): Promise<ConversionSettings> {
  const rows = await deps.db.select().from(conversionAccounts).where(eq(conversionAccounts.workspaceId, workspaceId));
  const settings = {} as ConversionSettings;
  for (const destination of CONVERSION_DESTINATIONS) {
    const row = rows.find((r) => r.destination === destination);
    settings[destination] = row ? connectionView(row) : null;
  }
  return settings;
}

/**
 * Saves a connection, its credential sealed; only the public id, the credential's last characters and
 * the test code are kept in clear. The platforms have no call that proves a credential without
 * sending an event, so none is made here: "Send test event" is that check. In the same transaction
 * the workspace's published pages are told, since their consent notice names where conversions go.
 */
export async function connectConversions(
  deps: ConversionDeps,
  workspaceId: string,
  destination: ConversionDestination,
  input: ConnectInput,
): Promise<ConversionSettings> {
  const display: Record<string, string> = {
    accountId: input.accountId,
    maskedCredential: maskCredential(input.credential),
    ...(input.testEventCode ? { testEventCode: input.testEventCode } : {}),
  };
  const values = {
    sealed: deps.sealer.seal({ credential: input.credential } satisfies SealedConversionCredential),
    display,
    connectedAt: deps.now?.() ?? new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(conversionAccounts)
      .values({ workspaceId, destination, ...values })
      .onConflictDoUpdate({ target: [conversionAccounts.workspaceId, conversionAccounts.destination], set: values });
    await workspacePagesChanged(tx, workspaceId);
  });
  return conversionSettings(deps, workspaceId);
}

/** Forgets the connection; its waiting sends fail when their turn comes (send.task.ts). 404 when not connected. */
export async function disconnectConversions(
  deps: ConversionDeps,
  workspaceId: string,
  destination: ConversionDestination,
): Promise<ConversionSettings> {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(conversionAccounts)
      .where(and(eq(conversionAccounts.workspaceId, workspaceId), eq(conversionAccounts.destination, destination)))
      .returning({ destination: conversionAccounts.destination });
    if (removed.length === 0) throw notFound(`A ${CONVERSION_DESTINATION_NAMES[destination]} connection`);
    await workspacePagesChanged(tx, workspaceId);
  });
  return conversionSettings(deps, workspaceId);
}

/** A connection with its credential opened, for a send. */
export function openConnection(deps: Pick<ConversionDeps, 'sealer'>, row: Pick<AccountRow, 'sealed' | 'display'>): Connection {
  return {
    accountId: row.display.accountId ?? '',
    credential: deps.sealer.open<SealedConversionCredential>(row.sealed).credential,
  };
}

/** The workspace's connection to one destination, or a 404. */
export async function loadAccount(db: Executor, workspaceId: string, destination: ConversionDestination): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(conversionAccounts)
    .where(and(eq(conversionAccounts.workspaceId, workspaceId), eq(conversionAccounts.destination, destination)));
  if (!row) throw notFound(`A ${CONVERSION_DESTINATION_NAMES[destination]} connection`);
  return row;
}
