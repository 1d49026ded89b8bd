import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placementSettingsSchema } from '@/domain/placements';
import type { Db } from '@/server/db/client';
import { createPlacement, deletePlacement, listPlacements, updatePlacement } from './placements.js';

const tags = ['placements'];
const ofPage = { tags, params: z.object({ formId: z.string() }) };
const byId = { tags, params: z.object({ formId: z.string(), id: z.string() }) };

/**
 * The owner API for a page's placements (domain/placements.ts), for an app whose onRequest hook has
 * set `request.owner`; roles are checked by the team's table (features/team/permissions.ts).
 */
export function placementsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/forms/:formId/placements', { schema: ofPage }, async (request) => ({
    items: await listPlacements(db, request.owner.workspaceId, request.params.formId),
  }));

  api.post('/api/forms/:formId/placements', { schema: { ...ofPage, body: placementSettingsSchema } }, async (request, reply) =>
    reply.status(201).send(await createPlacement(db, request.owner.workspaceId, request.params.formId, request.body)),
  );

  // The loader reads the new settings at once: GET /l/{id} is not cached by browsers (loader-routes.ts).
  api.put('/api/forms/:formId/placements/:id', { schema: { ...byId, body: placementSettingsSchema } }, async (request) =>
    updatePlacement(db, request.owner.workspaceId, request.params.formId, request.params.id, request.body),
  );

  api.delete('/api/forms/:formId/placements/:id', { schema: byId }, async (request, reply) => {
    await deletePlacement(db, request.owner.workspaceId, request.params.formId, request.params.id);
    return reply.status(204).send();
  });
}
