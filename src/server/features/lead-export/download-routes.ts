import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_CONTENT_TYPES, EXPORT_TTL_DAYS, exportFileName } from '@/domain/lead-export';
import { can } from '@/domain/team';
import { HttpError } from '@/server/lib/http-errors';
import type { Storage } from '@/server/lib/storage';
import type { ExportApiDeps } from './exports.js';
import { findLeadExport } from './exports.js';

export const EXPORT_LINK_EXPIRED_MESSAGE = `This export link has expired: exports are kept for ${EXPORT_TTL_DAYS} days. Export your leads again from Lodestone.`;
const NOT_FOUND_MESSAGE = 'This export was not found. It may belong to another workspace, or the link is incomplete.';

/** The hook that names the signed-in owner (features/auth's requireOwner), one of the app's services. */
type OwnerHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// The browser navigates here (from the app or the email), so refusals are short plain-text pages
// rather than the API's JSON.
const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).type('text/plain; charset=utf-8').send(message);

/**
 * GET APP_URL/exports/:id/download?t=TOKEN: the export's file, for an owner of its workspace holding
 * an unexpired link. Both are needed: a forwarded email opens nothing without the session, and a
 * session of another workspace gets a 404. Without a session: sign in, then back here.
 */
export function leadExportDownloadRoutes(
  app: FastifyInstance,
  { requireOwner, ...deps }: ExportApiDeps & { storage: Storage; requireOwner: OwnerHook },
) {
  app.get<{ Params: { id: string }; Querystring: { t?: unknown } }>(
    '/exports/:id/download', // exportDownloadPath(id) in src/domain/lead-export.ts
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await requireOwner(request, reply);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) {
          return reply.redirect(`/sign-in?redirect=${encodeURIComponent(request.url)}`, 303);
        }
        throw err;
      }
      if (!can(request.owner.role, 'exportLeads'))
        return refuse(reply, 403, 'Your role in this workspace does not allow downloading exports. Ask an owner or admin.');
      let row;
      try {
        row = await findLeadExport(deps.db, request.owner.workspaceId, request.params.id);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return refuse(reply, 404, NOT_FOUND_MESSAGE);
        throw err;
      }
      const token = typeof request.query.t === 'string' ? request.query.t : '';
      const link = deps.tokens.verifyExpiring('lead-export', token);
      if (!link || link.leadId !== row.id) return refuse(reply, 404, NOT_FOUND_MESSAGE);
      if (link.expired || !row.expiresAt || row.expiresAt <= new Date()) return refuse(reply, 410, EXPORT_LINK_EXPIRED_MESSAGE);
      if (row.status !== 'ready' || !row.storageKey) return refuse(reply, 404, NOT_FOUND_MESSAGE);
      const body = await deps.storage.read(row.storageKey);
      return reply
        .type(EXPORT_CONTENT_TYPES[row.format])
        .header('content-disposition', `attachment; filename="${exportFileName(row.format, row.createdAt)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
