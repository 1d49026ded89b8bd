import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-errors.js';
import { ensureWorkspace } from '../workspaces/index.js';
import type { Auth } from './auth.js';
import { getSession } from './routes.js';

export interface Owner {
  userId: string;
  workspaceId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner;
  }
}

/**
 * A preHandler for owner APIs: 401 without a session, otherwise `request.owner` names the caller
 * and the workspace every query must be scoped to.
 */
export function requireOwner(auth: Auth, db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await getSession(auth, request);
    if (!session) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in to continue.');
    const workspace = await ensureWorkspace(db, session.user);
    request.owner = { userId: session.user.id, workspaceId: workspace.id };
  };
}
