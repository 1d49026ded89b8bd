import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { formConfigSchema } from '../../../domain/form-config.js';
import { listFormsQuerySchema, setStatusBodySchema } from '../../../domain/forms-api.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../lib/validate.js';
import {
  createForm,
  dashboardStats,
  deleteForm,
  getForm,
  listForms,
  publishForm,
  restoreForm,
  saveDraft,
  setStatus,
  toDetail,
} from './forms.js';

type WithId = { Params: { id: string } };

/** The body is SaveFormBody ({ config }); errors are keyed by config path (`fields.1.label`), as the editor shows them. */
const configOf = (body: unknown) => parseInput(formConfigSchema, (body as { config?: unknown } | undefined)?.config);

/** The owner API for forms (contract: src/domain/forms-api.ts). Every query is scoped to the caller's workspace. */
export function formsRoutes(app: FastifyInstance, db: Db, owner: preHandlerHookHandler, publicOrigin: string) {
  const opts = { preHandler: owner };

  app.get('/api/forms', opts, async (request) =>
    listForms(db, request.owner.workspaceId, parseInput(listFormsQuerySchema, request.query), publicOrigin),
  );

  app.get('/api/forms/stats', opts, async (request) => dashboardStats(db, request.owner.workspaceId));

  app.post('/api/forms', opts, async (request, reply) => {
    const row = await createForm(db, request.owner.workspaceId, configOf(request.body));
    return reply.status(201).send(toDetail(row, publicOrigin));
  });

  app.get<WithId>('/api/forms/:id', opts, async (request) =>
    toDetail(await getForm(db, request.owner.workspaceId, request.params.id), publicOrigin),
  );

  app.put<WithId>('/api/forms/:id', opts, async (request) => {
    return toDetail(await saveDraft(db, request.owner.workspaceId, request.params.id, configOf(request.body)), publicOrigin);
  });

  app.post<WithId>('/api/forms/:id/publish', opts, async (request) =>
    toDetail(await publishForm(db, request.owner.workspaceId, request.params.id), publicOrigin),
  );

  app.patch<WithId>('/api/forms/:id/status', opts, async (request) => {
    const { status } = parseInput(setStatusBodySchema, request.body);
    return toDetail(await setStatus(db, request.owner.workspaceId, request.params.id, status), publicOrigin);
  });

  // To Recently deleted; the daily purge (purge-deleted-forms.task.ts) removes it, its leads and its file later.
  app.delete<WithId>('/api/forms/:id', opts, async (request, reply) => {
    await deleteForm(db, request.owner.workspaceId, request.params.id);
    return reply.status(204).send();
  });

  app.post<WithId>('/api/forms/:id/restore', opts, async (request) =>
    toDetail(await restoreForm(db, request.owner.workspaceId, request.params.id), publicOrigin),
  );
}
