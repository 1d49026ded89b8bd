import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Task } from 'graphile-worker';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from '@/domain/public-api';
import type { Db } from '@/server/db/client';
import { apiIdempotency } from '@/server/db/schema/index';
import { ApiProblem } from './problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request owns an Idempotency-Key's row: its answer is stored when it is sent. */
    idempotency?: { apiKeyId: string; key: string; replayed: boolean };
  }
}

const ttl = sql`make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/**
 * A POST with `Idempotency-Key` (after auth and validation): the first request claims the key and
 * runs; a retry within 24 hours gets the stored answer (Idempotent-Replayed: true); the same key
 * with another method, path or body is a 422, and one that arrives while the first still runs a 409.
 */
export function idempotencyPreHandler(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
      const message = `Use 1 to ${IDEMPOTENCY_KEY_MAX} characters`;
      throw new ApiProblem(400, 'validation', `Idempotency-Key: ${message}`, { 'Idempotency-Key': message });
    }
    const apiKeyId = request.apiCaller.keyId;
    const hash = requestHash(request);
    const where = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key));
    // An answer past its 24 hours is forgotten: the key may be used afresh.
    await db.delete(apiIdempotency).where(and(where, lt(apiIdempotency.createdAt, sql`now() - ${ttl}`)));
    const claimed = await db
      .insert(apiIdempotency)
      .values({ apiKeyId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (claimed.length > 0) {
      request.idempotency = { apiKeyId, key, replayed: false };
      return;
    }
    const [stored] = await db.select().from(apiIdempotency).where(where);
    if (!stored) throw new ApiProblem(409, 'idempotencyInProgress', 'Retry this request: its Idempotency-Key was just released.');
    if (stored.requestHash !== hash) {
      throw new ApiProblem(
        422,
        'idempotencyMismatch',
        'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
      );
    }
    if (stored.statusCode === null) {
      throw new ApiProblem(
        409,
        'idempotencyInProgress',
        'A request with this Idempotency-Key is still running. Retry it in a moment.',
      );
    }
    request.idempotency = { apiKeyId, key, replayed: true };
    reply.status(stored.statusCode).header('idempotent-replayed', 'true');
    if (stored.statusCode >= 400) reply.type('application/problem+json; charset=utf-8');
    return reply.send(stored.body);
  };
}

/**
 * Stores the answer of the request that claimed a key. A 5xx releases the key instead, so a retry
 * runs again rather than replaying our failure.
 */
export function idempotencyOnSend(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotency;
    if (!claim || claim.replayed) return payload;
    const where = and(eq(apiIdempotency.apiKeyId, claim.apiKeyId), eq(apiIdempotency.key, claim.key));
    if (reply.statusCode >= 500) {
      await db.delete(apiIdempotency).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string' && payload.length > 0) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await db.update(apiIdempotency).set({ statusCode: reply.statusCode, body }).where(where);
    return payload;
  };
}

export const PURGE_IDEMPOTENCY_KEYS_TASK = 'purge_idempotency_keys';
/** Daily at 03:41, with the other purges. */
export const PURGE_IDEMPOTENCY_KEYS_CRONTAB = `41 3 * * * ${PURGE_IDEMPOTENCY_KEYS_TASK}`;

/** Forgets stored answers older than 24 hours (they are no longer replayed). */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const removed = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, sql`now() - ${ttl}`))
    .returning({ key: apiIdempotency.key });
  return removed.length;
}

export function purgeIdempotencyKeysTask(db: Db): Task {
  return async (_payload, helpers) => {
    const count = await purgeIdempotencyKeys(db);
    if (count > 0) helpers.logger.info(`forgot ${count} idempotency keys older than ${IDEMPOTENCY_TTL_HOURS} hours`);
  };
}
