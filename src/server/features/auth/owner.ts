import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client';
import { unauthorized } from '@/server/lib/http-errors';
import { activeMembership, type Membership } from '@/server/features/team/index';
import type { Auth } from './auth.js';
import { getSession } from './routes.js';

/** The signed-in caller: who they are, the workspace every query is scoped to, and their role in it. */
export interface Owner extends Membership {
  email: string;
  sessionId: string;
}

/** Who acts on a workspace, for use cases also reached through an API key (which has no session). */
export type WorkspaceActor = Pick<Owner, 'userId' | 'workspaceId'>;

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner;
  }
}

/** The onRequest hook of the plugin that holds the owner routes (app.ts). */
export type OwnerHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * An onRequest hook for owner APIs: 401 without a session, otherwise `request.owner` names the
 * caller, the workspace this session works in and their role there (features/team). It runs before
 * the body is read, so a caller without a session learns nothing from validation and costs no parsing.
 */
export function requireOwner(auth: Auth, db: Db): OwnerHook {
  return async (request) => {
    const session = await getSession(auth, request);
    if (!session) throw unauthorized();
    const membership = await activeMembership(db, session.user, session.session.id);
    request.owner = { ...membership, email: session.user.email, sessionId: session.session.id };
  };
}
