import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectEmailToolSchema, emailToolParamsSchema, formEmailToolsSchema } from '@/domain/email-tools';
import { idParamsSchema } from '@/domain/forms-api';
import { connectEmailTool, disconnectEmailTool, emailToolLists, emailToolsSettings } from './accounts.js';
import type { EmailToolsDeps } from './deps.js';
import { getFormEmailTools, setFormEmailTools } from './form-email-tools.js';

const tags = ['email-tools'];

/** The owner's email-tool connections and each page's choice of where its leads go (contract: src/domain/email-tools.ts). */
export function emailToolsRoutes(app: FastifyInstance, { emailTools: deps }: { emailTools: EmailToolsDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/email-tools', { schema: { tags } }, (request) => emailToolsSettings(deps, request.owner.workspaceId));

  api.put(
    '/api/email-tools/:provider',
    { schema: { tags, params: emailToolParamsSchema, body: connectEmailToolSchema } },
    async (request) => {
      await connectEmailTool(deps, request.owner.workspaceId, request.params.provider, request.body.apiKey);
      return emailToolsSettings(deps, request.owner.workspaceId);
    },
  );

  api.delete('/api/email-tools/:provider', { schema: { tags, params: emailToolParamsSchema } }, async (request) => {
    await disconnectEmailTool(deps, request.owner.workspaceId, request.params.provider);
    return emailToolsSettings(deps, request.owner.workspaceId);
  });

  api.get('/api/email-tools/:provider/lists', { schema: { tags, params: emailToolParamsSchema } }, (request) =>
    emailToolLists(deps, request.owner.workspaceId, request.params.provider),
  );

  api.get('/api/forms/:id/email-tools', { schema: { tags, params: idParamsSchema } }, (request) =>
    getFormEmailTools(deps.db, request.owner.workspaceId, request.params.id),
  );

  api.put('/api/forms/:id/email-tools', { schema: { tags, params: idParamsSchema, body: formEmailToolsSchema } }, (request) =>
    setFormEmailTools(deps.db, request.owner.workspaceId, request.params.id, request.body),
  );
}
