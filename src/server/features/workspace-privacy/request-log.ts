import { and, desc, eq } from 'drizzle-orm';
import {
  DATA_REQUEST_LOG_SIZE,
  ERASURE_KEEPS,
  NOT_LINKABLE,
  TOMBSTONE_NOTE,
  type DataRequestKind,
  type DataRequestLog,
  type DataRequestReceipt,
} from '@/domain/data-requests';
import { isUuid } from '@/domain/ids';
import type { Executor } from '@/server/db/client';
import { dataRequests, users } from '@/server/db/schema';
import { notFound } from '@/server/lib/http-errors';
import type { WorkspaceActor } from '@/server/features/auth';
import { workspaceName } from './subject.js';

/** Who made a request when it was not the signed-in owner (an API key: 'api-key:<id>' and its creator's address). */
export interface Requester {
  id: string;
  email: string;
}

/**
 * Logs a request: who (the owner's id and address, kept as text so the log outlives the account;
 * or `by`), what, about whom (the subject hash only) and how many records. Runs in the request's transaction.
 */
export async function logDataRequest(
  tx: Executor,
  owner: WorkspaceActor,
  kind: DataRequestKind,
  subjectHash: string,
  records: Record<string, number>,
  by?: Requester,
) {
  const [user] = by
    ? [{ email: by.email }]
    : await tx.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
  const [row] = await tx
    .insert(dataRequests)
    .values({
      workspaceId: owner.workspaceId,
      requestedBy: by?.id ?? owner.userId,
      requestedByEmail: user?.email ?? owner.userId,
      kind,
      subjectHash,
      records,
    })
    .returning({ id: dataRequests.id, createdAt: dataRequests.createdAt });
  return row!;
}

/** The workspace's latest requests, newest first. */
export async function listDataRequests(db: Executor, workspaceId: string): Promise<DataRequestLog> {
  const rows = await db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.workspaceId, workspaceId))
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id))
    .limit(DATA_REQUEST_LOG_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      requestedByEmail: r.requestedByEmail,
      records: r.records,
    })),
  };
}

/** A request's receipt; another workspace's request or an id that is not one is a 404. */
export async function dataRequestReceipt(db: Executor, workspaceId: string, id: string): Promise<DataRequestReceipt> {
  if (!isUuid(id)) throw notFound('This request');
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.id, id), eq(dataRequests.workspaceId, workspaceId)));
  if (!row) throw notFound('This request');
  return {
    receipt: 'lodestone-data-request',
    requestId: row.id,
    kind: row.kind,
    at: row.createdAt.toISOString(),
    workspace: await workspaceName(db, workspaceId),
    requestedBy: row.requestedByEmail,
    subjectHash: row.subjectHash,
    records: row.records,
    kept: row.kind === 'erasure' ? [ERASURE_KEEPS, TOMBSTONE_NOTE] : ['An access request changes nothing: every record is kept.'],
    notLinkable: [...NOT_LINKABLE],
  };
}
