import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createAuth, type Auth } from './features/auth/auth.js';
import { authRoutes } from './features/auth/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { devMailboxRoutes } from './features/mail/dev-mailbox.routes.js';
import { publicNotFound, publicPagesRoutes } from './features/public-pages/routes.js';
import { spaRoutes } from './features/web/spa.js';
import { hostConstraint, isAppHost } from './lib/hosts.js';

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Where the Vite build lives; tests point it at a small fixture. */
  webRoot?: string;
  logger?: boolean | FastifyBaseLogger | { level: string };
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
}

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

export async function buildApp({ config, db, pool, webRoot = defaultWebRoot, logger = false }: AppDeps): Promise<App> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  const auth = createAuth(config, db);
  const https = config.appUrl.protocol === 'https:';

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply
        .status(status)
        .send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
  });

  healthRoutes(app, pool);

  const appFace = hostConstraint(config.appUrl.host, true);
  let spa: Awaited<ReturnType<typeof spaRoutes>> | undefined;
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: appFace }));
    authRoutes(face, auth, db, config.appUrl.origin);
    if (!config.smtpUrl && config.env !== 'production') devMailboxRoutes(face, db);
    spa = await spaRoutes(face, webRoot);
  });

  const publicFace = hostConstraint(config.appUrl.host, false);
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: publicFace }));
    publicPagesRoutes(face);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) =>
    isAppHost(request, config.appUrl.host) && spa ? spa.notFound(request, reply) : publicNotFound(reply),
  );

  return { app, auth };
}
