import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeWorkspaceBodySchema, inviteBodySchema, roleBodySchema } from '@/domain/team';
import { idParamsSchema } from '@/domain/forms-api';
import { ErrorCode } from '@/domain/api-errors';
import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/lib/http-errors';
import { createRateLimiter, type RateRule } from '@/server/lib/rate-limiter';
import { listAudit } from './audit.js';
import { chooseWorkspace, workspacesOf } from './membership.js';
import {
  acceptInvitation,
  changeRole,
  invite,
  leave,
  previewInvitation,
  removeMember,
  revokeInvitation,
  teamOf,
} from './team.js';

const tags = ['team'];
const userParams = z.object({ userId: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().max(100) });
/** Invitation emails a workspace may send an hour: a team's worth many times over, not a mailing loop. */
export const INVITATIONS_PER_HOUR: RateRule = { name: 'team-invitations', limit: 20, windowSeconds: 3600 };

const auditQuery = z.strictObject({ before: z.coerce.number().int().positive().optional() });

/** The caller's team and workspaces (contract: src/domain/team.ts), for the owner plugin (request.owner set). */
export function teamRoutes(app: FastifyInstance, { db, appOrigin }: { db: Db; appOrigin: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(db, { log: (err) => app.log.warn({ err }, 'could not sweep rate-limit counters') });
  api.get('/api/team', { schema: { tags } }, (request) => teamOf(db, request.owner));
  api.post('/api/team/invitations', { schema: { tags, body: inviteBodySchema } }, async (request, reply) => {
    const decision = await limiter.hit(INVITATIONS_PER_HOUR, request.owner.workspaceId);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      throw new HttpError(
        429,
        ErrorCode.RATE_LIMITED,
        `This workspace has sent ${INVITATIONS_PER_HOUR.limit} invitations in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    return reply.status(201).send(await invite(db, request.owner, request.body, appOrigin));
  });
  api.delete('/api/team/invitations/:id', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await revokeInvitation(db, request.owner, request.params.id);
    return reply.status(204).send();
  });
  api.patch('/api/team/members/:userId', { schema: { tags, params: userParams, body: roleBodySchema } }, (request) =>
    changeRole(db, request.owner, request.params.userId, request.body.role),
  );
  api.delete('/api/team/members/:userId', { schema: { tags, params: userParams } }, async (request, reply) => {
    await removeMember(db, request.owner, request.params.userId);
    return reply.status(204).send();
  });
  api.post('/api/team/leave', { schema: { tags } }, async (request, reply) => {
    await leave(db, request.owner);
    return reply.status(204).send();
  });
  api.get('/api/team/audit', { schema: { tags, querystring: auditQuery } }, (request) =>
    listAudit(db, request.owner.workspaceId, request.query.before),
  );
  api.get('/api/workspaces', { schema: { tags } }, (request) =>
    workspacesOf(db, request.owner.userId, request.owner.workspaceId),
  );
  api.put('/api/workspaces/active', { schema: { tags, body: activeWorkspaceBodySchema } }, (request) =>
    chooseWorkspace(db, request.owner.userId, request.owner.sessionId, request.body.workspaceId),
  );
  api.post('/api/invitations/:token/accept', { schema: { tags, params: tokenParams } }, (request) =>
    acceptInvitation(db, { id: request.owner.userId, email: request.owner.email }, request.owner.sessionId, request.params.token),
  );
}

/** What an invitation link shows before anyone signs in (app face, no session needed). */
export function invitationPreviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/invitations/:token', { schema: { tags, params: tokenParams } }, (request) =>
    previewInvitation(db, request.params.token),
  );
}
