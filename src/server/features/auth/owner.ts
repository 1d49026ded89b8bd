import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/http-errors.js';
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

/** The onRequest hook of the plugin that holds the owner routes (app.ts). */
export type OwnerHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * An onRequest hook for owner APIs: 401 without a session, otherwise `request.owner` names the
 * caller and the workspace every query must be scoped to. It runs before the body is read, so a
 * caller without a session learns nothing from validation and costs no parsing.
 */
export function requireOwner(auth: Auth, db: Db): OwnerHook {
  return async (request) => {
    const session = await getSession(auth, request);
    if (!session) throw unauthorized();
    const workspace = await ensureWorkspace(db, session.user);
    request.owner = { userId: session.user.id, workspaceId: workspace.id };
  };
}
