import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createAuth, type Auth, requireOwner, authRoutes, sessionCookieName } from './features/auth/index.js';
import { accountRoutes } from './features/account/index.js';
import { abTestRoutes } from './features/ab-testing/index.js';
import { analyticsRoutes } from '@/server/features/page-stats';
import { apiKeysRoutes } from './features/api-keys/index.js';
import { contactRoutes } from './features/contact/index.js';
import { filesRoutes } from './features/files/index.js';
import { imageFileRoutes, imagesRoutes } from './features/images/index.js';
import { formsRoutes } from './features/forms/index.js';
import { visitorEmailRoutes } from './features/visitor-emails/index.js';
import { leadExportDownloadRoutes, leadExportRoutes } from './features/lead-export/index.js';
import { leadListRoutes } from '@/server/features/leads';
import { planLimitsRoutes } from './features/plan-limits/index.js';
import { healthRoutes } from './features/health/index.js';
import { devMailboxRoutes, emailJobSealer, sealQueuedEmailsWith } from './features/mail/index.js';
import { createTokens } from './lib/tokens.js';
import { type CheckoutDeps, paymentsPublicRoutes, paymentsRoutes } from './features/payments/index.js';
import { billingDeps, billingRoutes, billingWebhookRoutes } from './features/billing/index.js';
import {
  createPublicPages,
  customDomainIsolation,
  publicErrorHandler,
  publicNotFound,
  publicPagesRoutes,
} from './features/public-pages/index.js';
import {
  createDomainMap,
  createSites,
  customDomainsRoutes,
  type DnsResolver,
  domainDeps,
  hostGate,
  systemResolver,
  tlsAskRoute,
} from './features/custom-domains/index.js';
import { cacheLiveForms } from '@/server/features/submissions';
import { PUBLIC_API_PREFIX, publicApiPlugin } from './features/public-api/index.js';
import { pageDefaultsRoutes } from './features/page-defaults/index.js';
import { retentionRoutes } from '@/server/features/workspace-privacy';
import { dataRequestRoutes } from '@/server/features/workspace-privacy';
import { webhookDeps, webhooksRoutes } from './features/webhooks/index.js';
import { emailToolsDeps, emailToolsRoutes } from './features/email-tools/index.js';
import { spaRoutes } from './features/spa/index.js';
import { enforceRoles, invitationPreviewRoutes, teamRoutes } from './features/team/index.js';
import { hostConstraint, isAppHost } from './lib/hosts.js';
import { apiErrorHandler } from './lib/error-handler.js';
import { logRedaction } from './lib/log-redaction.js';
import { eventConsumers } from './event-consumers.js';
import { refuseDeepBodies } from './lib/json-depth.js';
import { refuseNulBytes } from './lib/nul-bytes.js';
import { createSealer } from './lib/sealed.js';
import { createStorage } from './lib/create-storage.js';
import type { Storage } from './lib/storage.js';
import { sameOriginWrites } from './lib/same-origin.js';
import { apiNoStore, permissionsPolicy } from './lib/security-headers.js';

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Where the Vite build lives; tests point it at a small fixture. */
  webRoot?: string;
  /** Where uploaded files go; the configured store (createStorage) by default. */
  storage?: Storage;
  /** Logger options; their serializers are always ours, which keep tokens and visitors' data out. */
  logger?: boolean | FastifyBaseLogger | { level: string; stream?: { write(line: string): void } };
  /** Where custom domains' records are looked up; DNS_SERVERS (or the system's resolvers) by default. */
  dns?: DnsResolver;
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
}

// The bundled server (dist/server/main.js, see scripts/build-server.mjs) sits one level closer to dist/web.
const defaultWebRoot = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../web' : '../../dist/web', import.meta.url),
);

export async function buildApp({
  config,
  db,
  pool,
  webRoot = defaultWebRoot,
  storage: givenStorage,
  logger = false,
  dns,
}: AppDeps): Promise<App> {
  const storage = givenStorage ?? (await createStorage(config));
  // GET /f/{id} answered from memory before Fastify when it can be (features/public-pages/public-pages.ts).
  const fastPath: { handle?: (req: IncomingMessage, res: ServerResponse) => boolean } = {};
  const app = Fastify({
    logger: typeof logger === 'object' && !('info' in logger) ? { ...logger, ...logRedaction } : logger,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // While the server drains (SIGTERM), a request that arrives on a connection already open is
    // answered (with `Connection: close`) rather than refused with a 503 that a proxy would pass on.
    return503OnClosing: false,
    // The server Fastify would make (lib/server.js), with the fast path in front of its handler.
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = createServer((req, res) => {
        if (!fastPath.handle?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  });
  sealQueuedEmailsWith(emailJobSealer(config.secret));
  const auth = createAuth(config, db, app.log);
  const leadDeps = {
    db,
    tokens: createTokens(config.secret),
    publicOrigin: config.publicUrl.origin,
    appOrigin: config.appUrl.origin,
  };
  const checkout: CheckoutDeps = {
    db,
    sealer: createSealer(config.secret, 'payment-credentials'),
    publicOrigin: config.publicUrl.origin,
    stripeApiUrl: config.stripeApiUrl,
    paypalApiUrl: config.paypalApiUrl,
    leads: leadDeps,
  };
  const billing = billingDeps(config, db);
  const exportDeps = { db, tokens: leadDeps.tokens, appOrigin: config.appUrl.origin };
  const webhooks = webhookDeps(config, db);
  const https = config.appUrl.protocol === 'https:';
  // Live pages cached in memory, invalidated by the database's notifications (docs/decisions/0026).
  const liveForms = cacheLiveForms(db, pool.options, app.log);
  const publicPages = createPublicPages({
    db,
    secret: config.secret,
    publicOrigin: config.publicUrl.origin,
    appOrigin: config.appUrl.origin,
    checkout,
    log: app.log,
  });
  // Serving custom domains, in memory and told of changes like the live pages (docs/decisions/0055).
  const domains = await createDomainMap(db, pool.options, app.log);
  const sites = createSites(config.appUrl, config.publicUrl, domains);
  const domainsDeps = domainDeps(
    { db, resolver: dns ?? systemResolver(config.dnsServers), appUrl: config.appUrl, publicUrl: config.publicUrl },
    domains,
  );
  fastPath.handle = publicPages.fastPath(sites, config.trustProxy, domains);
  app.addHook('onClose', async () => {
    await domains.close();
    await publicPages.views.close();
    await liveForms.close();
  });
  // After a write through either API, this server's visitors see its effect on pages at once.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) await liveForms.synced();
  });
  // A GET through either API reads the views this server has counted so far, not a second behind.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && request.url.startsWith('/api/')) await publicPages.views.flush();
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the page creator shows a logo or cover chosen before signing in from the browser's
        // own copy until it is uploaded (decision 0060). Published pages have a CSP of their own.
        // The pages host: the visitor emails the creator previews (and the dev mailbox shows) carry the page's logo from there.
        imgSrc: ["'self'", 'data:', 'blob:', config.publicUrl.origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  permissionsPolicy(app);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyMultipart);

  app.setErrorHandler(apiErrorHandler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Lodestone API', version: '1' } },
    hideUntagged: true,
    // The owner API only: /api/v1 has its own document (features/public-api).
    transform: (doc) =>
      doc.url.startsWith(PUBLIC_API_PREFIX) ? { schema: { hide: true }, url: doc.url } : jsonSchemaTransform(doc),
  });

  // A host that is none of ours gets the public 404 page for every path but these two.
  app.addHook('onRequest', hostGate(sites, publicNotFound));
  // Every route of every face, /api/v1 included: before the NUL scan and the validators walk a body.
  app.addHook('preValidation', refuseDeepBodies);
  healthRoutes(app, pool);
  tlsAskRoute(app, { appUrl: config.appUrl, publicUrl: config.publicUrl, domains });

  const appFace = hostConstraint(config.appUrl.host, true);
  let spa: Awaited<ReturnType<typeof spaRoutes>> | undefined;
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: appFace }));
    face.addHook('onRequest', sameOriginWrites(config.appUrl.origin));
    face.addHook('preValidation', refuseNulBytes);
    apiNoStore(face);
    face.setValidatorCompiler(validatorCompiler);
    face.get('/api/openapi.json', () => app.swagger());
    authRoutes(face, auth, db, config.appUrl.origin);
    contactRoutes(face, { db, tokens: leadDeps.tokens, supportEmail: config.supportEmail });
    // Outside the owner plugin: without a session it sends the browser to sign in and back, not a 401.
    leadExportDownloadRoutes(face, { ...exportDeps, storage }, requireOwner(auth, db));
    invitationPreviewRoutes(face, db);
    imageFileRoutes(face, storage); // the creator's preview shows the page's images from here
    await face.register(async (owned) => {
      owned.addHook('onRequest', requireOwner(auth, db));
      enforceRoles(owned); // before the routes: it gives each its role check
      formsRoutes(owned, db, config.publicUrl.origin);
      visitorEmailRoutes(owned, { db, publicOrigin: config.publicUrl.origin, mailFrom: config.mailFrom });
      analyticsRoutes(owned, db);
      abTestRoutes(owned, db);
      leadListRoutes(owned, db);
      planLimitsRoutes(owned, db);
      leadExportRoutes(owned, exportDeps);
      filesRoutes(owned, db, storage);
      imagesRoutes(owned, db, storage);
      paymentsRoutes(owned, checkout);
      retentionRoutes(owned, db);
      pageDefaultsRoutes(owned, db);
      dataRequestRoutes(owned, { db, tokens: leadDeps.tokens, storage, eventConsumers });
      webhooksRoutes(owned, webhooks);
      emailToolsRoutes(owned, emailToolsDeps(config, db));
      apiKeysRoutes(owned, db);
      teamRoutes(owned, db, config.appUrl.origin);
      customDomainsRoutes(owned, domainsDeps);
      accountRoutes(owned, db);
      billingRoutes(owned, billing);
    });
    if (!config.smtpUrl && config.env !== 'production') devMailboxRoutes(face, db);
    spa = await spaRoutes(face, webRoot, {
      rereadIndex: config.env === 'development',
      sessionCookie: sessionCookieName(config),
    });
  });

  const apiDeps = {
    db,
    tokens: leadDeps.tokens,
    storage,
    appOrigin: config.appUrl.origin,
    publicOrigin: config.publicUrl.origin,
    webhooks,
    eventConsumers,
  };
  await app.register(publicApiPlugin, { prefix: PUBLIC_API_PREFIX, appHost: config.appUrl.host, ...apiDeps });

  const publicFace = hostConstraint(config.appUrl.host, false);
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: publicFace }));
    // A visitor's browser is told what happened in HTML, never shown the API's JSON error (house rule 10).
    face.setErrorHandler(publicErrorHandler);
    // On a custom domain, only its workspace's pages and visitors' links (after the body is parsed).
    face.addHook('preHandler', customDomainIsolation({ db, tokens: leadDeps.tokens }));
    publicPagesRoutes(face, { ...leadDeps, storage, secret: config.secret, checkout, domains }, publicPages);
    imageFileRoutes(face, storage);
    await face.register(paymentsPublicRoutes, checkout);
    await face.register(billingWebhookRoutes, billing);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) =>
    isAppHost(request, config.appUrl.host) && spa ? spa.notFound(request, reply) : publicNotFound(reply),
  );

  return { app, auth };
}
