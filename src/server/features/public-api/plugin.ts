import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX } from '@/domain/public-api';
import type { Config } from '@/server/config';
import { hostConstraint } from '@/server/lib/hosts';
import { refuseNulBytes } from '@/server/lib/nul-bytes';
import { createRateLimiter } from '@/server/lib/rate-limiter';
import { apiNoStore } from '@/server/lib/security-headers';
import { authenticateRequests } from './authenticate.js';
import { enforceKeyRoles } from './permissions.js';
import { idempotencyOnSend, idempotencyPreHandler } from './idempotency.js';
import { V1_DESCRIPTION, v1TransformObject } from './openapi.js';
import { ApiProblem, problemErrorHandler, sendProblem } from './problem.js';
import { type PublicApiDeps, v1Routes } from './routes.js';

export interface PublicApiOptions extends PublicApiDeps {
  /** APP_URL's host: the API answers there only, like the owner API. */
  appHost: string;
}

/**
 * /api/v1 (register with `prefix: PUBLIC_API_PREFIX`), outside the app face: servers call it with
 * a bearer key, from any origin and without cookies, so the same-origin and session hooks of the
 * owner API do not apply. Everything it answers is JSON; errors and unknown paths are problem+json.
 */
export async function publicApiPlugin(v1: FastifyInstance, options: PublicApiOptions) {
  const appFace = hostConstraint(options.appHost, true);
  v1.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: appFace }));
  v1.setErrorHandler(problemErrorHandler(options.appOrigin));
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(
      reply,
      new ApiProblem(404, 'notFound', `There is no ${request.method} ${request.url.split('?')[0]} in this API.`),
      options.appOrigin,
    );
  v1.setNotFoundHandler(notFound);
  v1.setValidatorCompiler(validatorCompiler);
  // Response schemas document the answers; they are not enforced (the use cases' types are).
  v1.setSerializerCompiler(() => (data) => JSON.stringify(data));
  apiNoStore(v1);
  v1.addHook('preValidation', refuseNulBytes);

  await v1.register(fastifySwagger, {
    decorator: 'swaggerV1',
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lodestone API', version: '1', description: V1_DESCRIPTION },
      servers: [{ url: options.appOrigin }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: lsk_ followed by 40 characters.' },
        },
      },
      security: [{ bearerAuth: [] }],
      tags: [
        { name: 'forms', description: 'Landing pages: create, edit, publish, switch on and off.' },
        { name: 'leads', description: 'The people who signed up.' },
        { name: 'exports', description: 'CSV and JSON Lines files of leads, built in the background.' },
        { name: 'webhooks', description: 'Endpoints that receive signed events (docs: /docs/webhooks).' },
      ],
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: v1TransformObject,
  });
  const document = () => (v1 as unknown as { swaggerV1: () => unknown }).swaggerV1();
  v1.get('/openapi.json', { schema: { hide: true } }, async () => document());
  // The app face's catch-all serves the SPA: this one, more specific, keeps unknown API paths a problem.
  v1.all('/*', { schema: { hide: true } }, notFound);

  const limiter = createRateLimiter(options.db, { log: (err) => v1.log.error({ err }, 'api rate limit sweep failed') });
  await v1.register(async (authed) => {
    authed.addHook('onRequest', authenticateRequests(options.db, limiter));
    enforceKeyRoles(authed);
    authed.addHook('preHandler', idempotencyPreHandler(options.db));
    authed.addHook('onSend', idempotencyOnSend(options.db));
    v1Routes(authed, options);
  });
}

/** The feature's entry (decision 0073): /api/v1 on the whole app, answering on the app's host only. */
export async function publicApiRoutes(app: FastifyInstance, services: PublicApiDeps & { config: Pick<Config, 'appUrl'> }) {
  await app.register(publicApiPlugin, { prefix: PUBLIC_API_PREFIX, ...services, appHost: services.config.appUrl.host });
}

export { PUBLIC_API_PREFIX };
