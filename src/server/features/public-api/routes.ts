import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isUuid } from '@/domain/ids';
import {
  idParamsSchema,
  listOf,
  v1CreateExportBodySchema,
  v1ErasureSchema,
  v1ExportSchema,
  v1FormBodySchema,
  v1FormSchema,
  v1FormSummarySchema,
  v1LeadDetail,
  v1LeadDetailSchema,
  v1LeadSchema,
  v1ListFormsQuerySchema,
  v1ListLeadsQuerySchema,
} from '@/domain/public-api';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { leads } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';
import type { Tokens } from '@/server/lib/tokens';
import { eraseSubject } from '@/server/features/workspace-privacy';
import { createForm, getForm, listForms, publishForm, saveDraft, setStatus, toDetail } from '@/server/features/forms/index';
import { createLeadExport, getLeadExport } from '@/server/features/lead-export/index';
import { getLeadDetail, listWorkspaceLeads } from '@/server/features/leads';
import { ApiProblem } from './problem.js';
import { objectPostProblems, objectProblems, postProblems, problems } from './problems.js';
import { publicApiWebhookRoutes } from './webhook-routes.js';
import type { WebhookDeps } from '@/server/features/webhooks/index';
import type { EventConsumer } from '@/server/features/outbox/index';

export interface PublicApiDeps {
  db: Db;
  tokens: Tokens;
  storage: Storage;
  appOrigin: string;
  publicOrigin: string;
  webhooks: WebhookDeps;
  /** What delivers events: an erasure writes lead.erased only where one of them will. */
  eventConsumers: EventConsumer[];
  /** SECRET: a lead's detail finds its address on the suppression list by a keyed hash. */
  config: Pick<Config, 'secret'>;
}

/** The public API's endpoints (contract: src/domain/public-api.ts); `request.apiCaller` is set by authenticate.ts. */
export function v1Routes(app: FastifyInstance, deps: PublicApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, publicOrigin } = deps;
  const detail = (row: Parameters<typeof toDetail>[0]) => toDetail(row, publicOrigin);
  const ws = (request: { apiCaller: { workspaceId: string } }) => request.apiCaller.workspaceId;

  api.get(
    '/forms',
    {
      schema: {
        tags: ['forms'],
        summary: 'List pages',
        description: 'The workspace’s pages, newest first (Recently deleted pages are left out).',
        querystring: v1ListFormsQuerySchema,
        response: { 200: listOf(v1FormSummarySchema), ...problems },
      },
    },
    async (request) => {
      const { limit, ...filter } = request.query;
      const page = await listForms(db, ws(request), filter, publicOrigin, limit);
      return { data: page.items, nextCursor: page.nextCursor };
    },
  );

  api.post(
    '/forms',
    {
      schema: {
        tags: ['forms'],
        summary: 'Create a page',
        description: 'Creates a page with this draft. It is not live until published.',
        body: v1FormBodySchema,
        response: { 201: v1FormSchema, ...postProblems },
      },
    },
    async (request, reply) => reply.status(201).send(detail(await createForm(db, ws(request), request.body.config))),
  );

  api.get(
    '/forms/:id',
    {
      schema: {
        tags: ['forms'],
        summary: 'Get a page',
        params: idParamsSchema,
        response: { 200: v1FormSchema, ...objectProblems },
      },
    },
    async (request) => detail(await getForm(db, ws(request), request.params.id)),
  );

  api.patch(
    '/forms/:id',
    {
      schema: {
        tags: ['forms'],
        summary: 'Update a page’s draft',
        description: 'Replaces the draft; visitors see it once the page is published.',
        params: idParamsSchema,
        body: v1FormBodySchema,
        response: { 200: v1FormSchema, ...objectProblems },
      },
    },
    async (request) => detail(await saveDraft(db, ws(request), request.params.id, request.body.config)),
  );

  api.post(
    '/forms/:id/publish',
    {
      schema: {
        tags: ['forms'],
        summary: 'Publish a page',
        description: 'The draft becomes what visitors see and the page goes live (400 not-publishable says what to fix).',
        params: idParamsSchema,
        response: { 200: v1FormSchema, ...objectPostProblems },
      },
    },
    async (request) => detail(await publishForm(db, ws(request), request.params.id, publicOrigin)),
  );

  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    api.post(
      `/forms/:id/${action}`,
      {
        schema: {
          tags: ['forms'],
          summary: action === 'activate' ? 'Activate a page' : 'Deactivate a page',
          description:
            action === 'activate' ? 'Visitors can sign up again.' : 'The page stops taking sign-ups; its leads are kept.',
          params: idParamsSchema,
          response: { 200: v1FormSchema, ...objectPostProblems },
        },
      },
      async (request) => detail(await setStatus(db, ws(request), request.params.id, status)),
    );
  }

  api.get(
    '/leads',
    {
      schema: {
        tags: ['leads'],
        summary: 'List leads',
        description: 'The workspace’s leads across its pages, newest first, with the filters of the Leads screen.',
        querystring: v1ListLeadsQuerySchema,
        response: { 200: listOf(v1LeadSchema), ...objectProblems },
      },
    },
    async (request) => {
      const { limit, ...filter } = request.query;
      const page = await listWorkspaceLeads(db, ws(request), filter, limit);
      return { data: page.items, nextCursor: page.nextCursor };
    },
  );

  api.get(
    '/leads/:id',
    {
      schema: {
        tags: ['leads'],
        summary: 'Get a lead',
        description: 'One lead with its answers, consent records, payments and timeline.',
        params: idParamsSchema,
        response: { 200: v1LeadDetailSchema, ...objectProblems },
      },
    },
    async (request) => v1LeadDetail(await getLeadDetail(db, ws(request), request.params.id, deps.config.secret)),
  );

  api.post(
    '/leads/:id/erase',
    {
      schema: {
        tags: ['leads'],
        summary: 'Erase a lead’s person',
        description:
          'Erases the lead’s email address from the workspace (every page’s leads of that address, their answers, consents and emails), as the Privacy screen does. The data-request log names the key.',
        params: idParamsSchema,
        response: { 200: v1ErasureSchema, ...objectPostProblems },
      },
    },
    async (request) => {
      const caller = request.apiCaller;
      const lead = isUuid(request.params.id)
        ? (
            await db
              .select({ email: leads.email })
              .from(leads)
              .where(and(eq(leads.id, request.params.id), eq(leads.workspaceId, caller.workspaceId), isNull(leads.heldAt)))
          )[0]
        : undefined;
      if (!lead) throw new ApiProblem(404, 'notFound', 'This lead was not found.');
      const by = { id: `api-key:${caller.keyId}`, email: caller.createdByEmail };
      const owner = { userId: caller.createdBy, workspaceId: caller.workspaceId };
      const log = (err: unknown, message: string) => request.log.error({ err }, message);
      return eraseSubject(
        { db, tokens: deps.tokens, storage: deps.storage, log, eventConsumers: deps.eventConsumers },
        owner,
        lead.email,
        by,
      );
    },
  );

  api.post(
    '/exports',
    {
      schema: {
        tags: ['exports'],
        summary: 'Export leads',
        description: 'Queues a CSV or JSON Lines export of the leads matching the filters; poll it until ready.',
        body: v1CreateExportBodySchema,
        response: { 202: v1ExportSchema, ...objectPostProblems },
      },
    },
    async (request, reply) => {
      const { createdBy, workspaceId } = request.apiCaller;
      const exportDeps = { db, tokens: deps.tokens, appOrigin: deps.appOrigin };
      return reply.status(202).send(await createLeadExport(exportDeps, { userId: createdBy, workspaceId }, request.body));
    },
  );

  api.get(
    '/exports/:id',
    {
      schema: {
        tags: ['exports'],
        summary: 'Get an export',
        params: idParamsSchema,
        response: { 200: v1ExportSchema, ...objectProblems },
      },
    },
    async (request) => getLeadExport({ db, tokens: deps.tokens, appOrigin: deps.appOrigin }, ws(request), request.params.id),
  );

  publicApiWebhookRoutes(app, deps.webhooks);
}
