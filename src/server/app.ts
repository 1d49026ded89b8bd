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
import { type AppServices, createAppServices, type FeatureRoutes } from './app-services.js';
import { accountRoutes } from './features/account/index.js';
import { apiKeysRoutes } from './features/api-keys/index.js';
import { type Auth, authRoutes } from './features/auth/index.js';
import { billingRoutes, billingWebhookRoutes } from './features/billing/index.js';
import { captchaRoutes } from './features/captcha/index.js';
import { contactRoutes } from './features/contact/index.js';
import { conversionsRoutes } from './features/conversions/index.js';
import { customDomainsRoutes, type DnsResolver, hostGate, tlsAskRoute } from './features/custom-domains/index.js';
import { doubleOptInRoutes } from './features/double-opt-in/index.js';
import { emailToolsRoutes } from './features/email-tools/index.js';
import { fileDownloadRoutes, filesRoutes } from './features/files/index.js';
import { followUpsRoutes, mailWebhookRoutes, unsubscribeRoutes } from './features/follow-ups/index.js';
import { formsRoutes } from './features/forms/index.js';
import { healthRoutes } from './features/health/index.js';
import { imageFileRoutes, imagesRoutes } from './features/images/index.js';
import { leadExportDownloadRoutes, leadExportRoutes } from './features/lead-export/index.js';
import { leadListRoutes } from './features/leads/index.js';
import { devMailboxRoutes } from './features/mail/index.js';
import { pageStatsRoutes } from './features/page-stats/index.js';
import { pageDefaultsRoutes } from './features/page-defaults/index.js';
import { paymentsPublicRoutes, paymentsRoutes } from './features/payments/index.js';
import { placementLoaderRoutes, placementsRoutes, placementStatsRoutes } from './features/placements/index.js';
import { planLimitsRoutes } from './features/plan-limits/index.js';
import { PUBLIC_API_PREFIX, publicApiRoutes } from './features/public-api/index.js';
import {
  customDomainIsolation,
  parseFormBodies,
  publicErrorHandler,
  publicNotFound,
  publicPagesRoutes,
} from './features/public-pages/index.js';
import { sendingDomainsRoutes } from './features/sending-domains/index.js';
import { FORMATS_WARM_UP_HASH, spaRoutes } from './features/spa/index.js';
import { enforceRoles, invitationPreviewRoutes, teamRoutes } from './features/team/index.js';
import { visitorEmailRoutes } from './features/visitor-emails/index.js';
import { receiptRoutes, visitorJourneyRoutes } from './features/visitor-journey/index.js';
import { webhooksRoutes } from './features/webhooks/index.js';
import { dataRequestRoutes, retentionRoutes } from './features/workspace-privacy/index.js';
import { hostConstraint, isAppHost } from './lib/hosts.js';
import { apiErrorHandler } from './lib/error-handler.js';
import { logRedaction } from './lib/log-redaction.js';
import { refuseDeepBodies } from './lib/json-depth.js';
import { refuseNulBytes } from './lib/nul-bytes.js';
import type { Storage } from './lib/storage.js';
import { sameOriginWrites } from './lib/same-origin.js';
import { apiNoStore, permissionsPolicy } from './lib/security-headers.js';
import { createServices, type Services } from './services.js';

// Which features each face mounts (decision 0073). Every entry is `(face, services) => void`.

/** On every host, before the faces: the load balancer's and Caddy's questions. */
const EVERY_HOST: FeatureRoutes[] = [healthRoutes, tlsAskRoute];

/** The app's host, with or without a session. */
const APP_FACE: FeatureRoutes[] = [
  authRoutes,
  contactRoutes,
  // Outside the owner routes: without a session it sends the browser to sign in and back, not a 401.
  leadExportDownloadRoutes,
  invitationPreviewRoutes,
  imageFileRoutes, // the creator's preview shows the page's images from here
  devMailboxRoutes, // without SMTP_URL, outside production
];

/** The app's host, for a signed-in member of a workspace (the owner API). */
const OWNER_API: FeatureRoutes[] = [
  formsRoutes,
  placementsRoutes,
  visitorEmailRoutes,
  followUpsRoutes,
  pageStatsRoutes,
  placementStatsRoutes,
  leadListRoutes,
  planLimitsRoutes,
  leadExportRoutes,
  filesRoutes,
  imagesRoutes,
  paymentsRoutes,
  retentionRoutes,
  pageDefaultsRoutes,
  dataRequestRoutes,
  webhooksRoutes,
  emailToolsRoutes,
  captchaRoutes,
  conversionsRoutes,
  apiKeysRoutes,
  teamRoutes,
  customDomainsRoutes,
  sendingDomainsRoutes,
  accountRoutes,
  billingRoutes,
];

/** The pages host and the custom domains: visitors, and the payment providers' callbacks. */
const PUBLIC_FACE: FeatureRoutes[] = [
  publicPagesRoutes,
  placementLoaderRoutes,
  visitorJourneyRoutes,
  doubleOptInRoutes,
  fileDownloadRoutes,
  receiptRoutes,
  unsubscribeRoutes,
  imageFileRoutes,
  paymentsPublicRoutes,
  billingWebhookRoutes,
  mailWebhookRoutes,
];

const mount = async (face: FastifyInstance, routes: FeatureRoutes[], services: AppServices) => {
  for (const feature of routes) await feature(face, services);
};

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
  /** What the features use (services.ts): the job thread builds its own with the same function. */
  services: Services;
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
  storage,
  logger = false,
  dns,
}: AppDeps): Promise<App> {
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
  const base = await createServices(config, db, { storage, dns });
  const services = await createAppServices(base, { pool, log: app.log, webRoot });
  const { publicPages, liveForms } = services;
  fastPath.handle = publicPages.fastPath(services.sites, config.trustProxy, services.domainMap);
  app.addHook('onClose', services.close);
  // After a write through either API, this server's visitors see its effect on pages at once.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) await liveForms.synced();
  });
  // A GET through either API reads the views this server has counted so far, not a second behind.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && request.url.startsWith('/api/')) await publicPages.views.flush();
  });

  await app.register(fastifyHelmet, helmetOptions(config));
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
  app.addHook('onRequest', hostGate(services.sites, publicNotFound));
  // Every route of every face, /api/v1 included: before the NUL scan and the validators walk a body.
  app.addHook('preValidation', refuseDeepBodies);
  await mount(app, EVERY_HOST, services);

  const appFace = hostConstraint(config.appUrl.host, true);
  let spa: Awaited<ReturnType<typeof spaRoutes>> | undefined;
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: appFace }));
    face.addHook('onRequest', sameOriginWrites(config.appUrl.origin));
    face.addHook('preValidation', refuseNulBytes);
    apiNoStore(face);
    face.setValidatorCompiler(validatorCompiler);
    face.get('/api/openapi.json', () => app.swagger());
    await mount(face, APP_FACE, services);
    await face.register(async (owned) => {
      owned.addHook('onRequest', services.requireOwner);
      enforceRoles(owned); // before the routes: it gives each its role check
      await mount(owned, OWNER_API, services);
    });
    spa = await spaRoutes(face, services); // last: the SPA's documents for every other path
  });

  // /api/v1, on the app's host, outside the app face: its own hooks, errors and document.
  await publicApiRoutes(app, services);

  const publicFace = hostConstraint(config.appUrl.host, false);
  await app.register(async (face) => {
    face.addHook('onRoute', (route) => void (route.constraints = { ...route.constraints, host: publicFace }));
    // A visitor's browser is told what happened in HTML, never shown the API's JSON error (house rule 10).
    face.setErrorHandler(publicErrorHandler);
    // On a custom domain, only its workspace's pages and visitors' links (after the body is parsed).
    face.addHook('preHandler', customDomainIsolation(services));
    parseFormBodies(face);
    await mount(face, PUBLIC_FACE, services);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) =>
    isAppHost(request, config.appUrl.host) && spa ? spa.notFound(request, reply) : publicNotFound(reply),
  );

  return { app, auth: services.auth, services: base };
}

/** The app's Content-Security-Policy and the other headers helmet sets (published pages have their own). */
function helmetOptions(config: Config) {
  const https = config.appUrl.protocol === 'https:';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pages host's placement loader, for the live preview of "Put it on your site": its
        // sample page is a srcdoc frame, which runs under this policy. Only that one file. And the
        // owner screens' format warm-up, inline in their documents, by its hash (decision 0111).
        scriptSrc: ["'self'", `${config.publicUrl.origin}/l.js`, FORMATS_WARM_UP_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the page creator shows a logo or cover chosen before signing in from the browser's
        // own copy until it is uploaded (decision 0060). Published pages have a CSP of their own.
        // The pages host: the visitor emails the creator previews (and the dev mailbox shows) carry the page's logo from there.
        imgSrc: ["'self'", 'data:', 'blob:', config.publicUrl.origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The pages host: the placement preview's frame of the page (inside the srcdoc frame above).
        frameSrc: ["'self'", config.publicUrl.origin],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}
