import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@/domain/api-errors';
import {
  API_ACCESS_PLAN_MESSAGE,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  type ApiKeyList,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreatedApiKey,
} from '@/domain/api-keys';
import { isUuid } from '@/domain/ids';
import { PLANS, type PlanId } from '@/domain/plans';
import { ROLES, type Role } from '@/domain/team';
import type { Db, Executor } from '@/server/db/client';
import { apiKeys, members, organizations, users } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { type AuditActor, recordAudit } from '@/server/features/team/index';

type ApiKeyRow = typeof apiKeys.$inferSelect;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 40 base62 characters (238 bits) drawn without modulo bias: bytes of 248 and above are thrown back. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** What is stored and looked up: a fast hash is enough for 238 random bits (no dictionary to try). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const summary = (row: ApiKeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export const planAllowsApi = (plan: PlanId) => PLANS[plan].apiAccess;

async function planOf(db: Executor, workspaceId: string): Promise<PlanId> {
  const [row] = await db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return row.plan;
}

export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKeyList> {
  const plan = await planOf(db, workspaceId);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { allowed: planAllowsApi(plan), planSentence: API_ACCESS_PLAN_MESSAGE, items: rows.map(summary) };
}

/** A new key for the workspace (Business only); the full key is in this answer and nowhere else. */
export async function createApiKey(
  db: Db,
  owner: { userId: string; workspaceId: string },
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  if (!planAllowsApi(await planOf(db, owner.workspaceId)))
    throw new HttpError(403, ErrorCode.PLAN_LIMIT, API_ACCESS_PLAN_MESSAGE);
  const key = `lsk_${randomBase62(40)}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: owner.workspaceId,
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        hash: hashApiKey(key),
        scopes: input.scopes,
        createdBy: owner.userId,
      })
      .returning();
    await recordAudit(tx, owner, 'api_key.created', `${created!.name} (${created!.prefix}…)`);
    return created!;
  });
  return { ...summary(row), key };
}

/** Revokes the workspace's key `id` (again: no change); another workspace's key is not found. */
export async function revokeApiKey(db: Db, actor: AuditActor, id: string): Promise<ApiKeySummary> {
  if (!isUuid(id)) throw notFound('This API key');
  return db.transaction(async (tx) => {
    const [live] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, actor.workspaceId), isNull(apiKeys.revokedAt)))
      .returning();
    if (live) {
      await recordAudit(tx, actor, 'api_key.revoked', `${live.name} (${live.prefix}…)`);
      return summary(live);
    }
    // Revoked before: no change.
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, actor.workspaceId)));
    if (!row) throw notFound('This API key');
    return summary(row);
  });
}

export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  plan: PlanId;
  /** Who created the key, their address and their role in the workspace now: the key acts with no more than that role. */
  createdBy: string;
  createdByEmail: string;
  role: Role;
}

/**
 * The live key behind a bearer token, with its workspace's current plan and its creator's current
 * role there (read on every request, so a demotion narrows the key at once); null for an unknown or
 * revoked key, 'creator-gone' for a key whose creator is no longer a member of the workspace (removed,
 * or their account deleted): it acts for nobody, so it does not work.
 */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiCaller | 'creator-gone' | null> {
  if (!API_KEY_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      scopes: apiKeys.scopes,
      plan: organizations.plan,
      createdBy: apiKeys.createdBy,
      createdByEmail: users.email,
      role: members.role,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.workspaceId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      members,
      and(eq(members.organizationId, apiKeys.workspaceId), eq(members.userId, apiKeys.createdBy), inArray(members.role, ROLES)),
    )
    .where(and(eq(apiKeys.hash, hashApiKey(token)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const { createdBy, createdByEmail, role } = row;
  if (!createdBy || !createdByEmail || !role) return 'creator-gone';
  return { ...row, createdBy, createdByEmail, role: role as Role };
}

/** Records the key's use, at most once a minute, so busy keys do not write on every request. */
export async function touchApiKey(db: Db, keyId: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiKeys.id, keyId), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`),
    );
}
