import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  listFormsQuerySchema,
  ownerNotifyBodySchema,
  saveFormBodySchema,
  setEmbedOriginsBodySchema,
  setStatusBodySchema,
} from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import {
  createForm,
  deleteForm,
  duplicateForm,
  getForm,
  listForms,
  publishForm,
  restoreForm,
  saveDraft,
  setStatus,
  toDetail,
} from './forms.js';
import { setEmbedOrigins } from './set-embed-origins.js';
import { setOwnerNotify } from './set-owner-notify.js';

const tags = ['forms'];
const byId = { tags, params: idParamsSchema };
/** Errors about a saved config are keyed by its path (`fields.1.label`), as the editor shows them. */
const keyedByConfig = { config: { errorKeysUnder: 'config' } };

/**
 * The owner API for forms (contract: src/domain/forms-api.ts), for an app whose onRequest hook has
 * set `request.owner`. Every query is scoped to the caller's workspace.
 */
export function formsRoutes(app: FastifyInstance, { db, publicOrigin }: { db: Db; publicOrigin: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const detail = (row: Parameters<typeof toDetail>[0]) => toDetail(row, publicOrigin);

  api.get('/api/forms', { schema: { tags, querystring: listFormsQuerySchema } }, async (request) =>
    listForms(db, request.owner.workspaceId, request.query, publicOrigin, undefined, { byPageState: true }),
  );

  api.post('/api/forms', { ...keyedByConfig, schema: { tags, body: saveFormBodySchema } }, async (request, reply) => {
    const row = await createForm(db, request.owner.workspaceId, request.body.config);
    return reply.status(201).send(detail(row));
  });

  // A copy of the page as last edited, unpublished: it takes a page slot like POST /api/forms.
  api.post('/api/forms/:id/duplicate', { schema: byId }, async (request, reply) => {
    const row = await duplicateForm(db, request.owner.workspaceId, request.params.id);
    return reply.status(201).send(detail(row));
  });

  api.get('/api/forms/:id', { schema: byId }, async (request) =>
    detail(await getForm(db, request.owner.workspaceId, request.params.id)),
  );

  api.put('/api/forms/:id', { ...keyedByConfig, schema: { ...byId, body: saveFormBodySchema } }, async (request) =>
    detail(await saveDraft(db, request.owner.workspaceId, request.params.id, request.body.config)),
  );

  api.post('/api/forms/:id/publish', { schema: byId }, async (request) =>
    detail(await publishForm(db, request.owner.workspaceId, request.params.id, publicOrigin)),
  );

  api.patch('/api/forms/:id/status', { schema: { ...byId, body: setStatusBodySchema } }, async (request) =>
    detail(await setStatus(db, request.owner.workspaceId, request.params.id, request.body.status)),
  );

  // The owner's own setting: applies at once, the published page is untouched.
  api.put('/api/forms/:id/notifications', { schema: { ...byId, body: ownerNotifyBodySchema } }, async (request) =>
    detail(await setOwnerNotify(db, request.owner.workspaceId, request.params.id, request.body.ownerNotify)),
  );

  // The Embed dialog: the sites that may frame the page, on the published page at once (no publishing).
  api.put('/api/forms/:id/embed-origins', { schema: { ...byId, body: setEmbedOriginsBodySchema } }, async (request) =>
    detail(await setEmbedOrigins(db, request.owner.workspaceId, request.params.id, request.body.embedOrigins)),
  );

  // To Recently deleted; the daily purge (purge-deleted-forms.task.ts) removes it, its leads and its file later.
  api.delete('/api/forms/:id', { schema: byId }, async (request, reply) => {
    await deleteForm(db, request.owner, request.params.id);
    return reply.status(204).send();
  });

  api.post('/api/forms/:id/restore', { schema: byId }, async (request) =>
    detail(await restoreForm(db, request.owner.workspaceId, request.params.id)),
  );
}
