import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { type Auth, confineAuthAsyncContext, createAuth, type OwnerHook, requireOwner } from './features/auth/index.js';
import { createDeliverability, type DeliverabilityCheck, mailResolver } from './features/address-checks/index.js';
import { createDomainMap, createSites, type DomainMap, type Sites } from './features/custom-domains/index.js';
import { createPublicPages, type PublicPages } from './features/public-pages/index.js';
import { cacheLiveForms } from './features/submissions/index.js';
import { type VisitorLimits, visitorRateLimits } from './features/visitor-journey/index.js';
import type { Services } from './services.js';

/**
 * The services, and what only the HTTP server holds (decision 0073): the sessions, the pages and
 * domains it serves from memory, the visitors' rate limits. Every feature's routes get this object.
 */
export interface AppServices extends Services {
  pool: pg.Pool;
  /** Where the Vite build lives (the SPA's documents). */
  webRoot: string;
  auth: Auth;
  /** The owner API's hook: a session, and the member's workspace and role, or a 401. */
  requireOwner: OwnerHook;
  /** Live pages cached in memory, invalidated by the database's notifications (docs/decisions/0026). */
  liveForms: ReturnType<typeof cacheLiveForms>;
  /** Serving custom domains, in memory and told of changes like the live pages (docs/decisions/0055). */
  domainMap: DomainMap;
  sites: Sites;
  /** Rendered pages, their compressed variants, the views not written yet (features/public-pages). */
  publicPages: PublicPages;
  /** The visitors' rate limits, shared by the sign-up and the code and link routes. */
  visitorLimits: VisitorLimits;
  /** Whether mail can reach a visitor's email domain, asked of the DNS and kept in memory (docs/decisions/0086). */
  deliverability: DeliverabilityCheck;
  /** Ends what runs in the background (the database's notifications, the views' flush). */
  close(): Promise<void>;
}

/**
 * One entry shape for every feature's routes (decision 0073): mounted on a face (or the whole app)
 * with the services. A feature names the part of the services it uses in its own parameter type.
 */
export type FeatureRoutes = (face: FastifyInstance, services: AppServices) => void | Promise<void>;

/** The server's part of the services, built once by buildApp after `createServices`. */
export async function createAppServices(
  services: Services,
  { pool, log, webRoot }: { pool: pg.Pool; log: FastifyBaseLogger; webRoot: string },
): Promise<AppServices> {
  const { config, db } = services;
  const auth = createAuth(config, db, log);
  // Async hooks only while better-auth runs, not for every published page (async-context.ts).
  await confineAuthAsyncContext();
  const liveForms = cacheLiveForms(db, pool.options, log);
  const publicPages = createPublicPages({
    db,
    secret: config.secret,
    publicOrigin: services.publicOrigin,
    appOrigin: services.appOrigin,
    checkout: services.checkout,
    log,
    pageCacheSeconds: config.pageCacheSeconds,
  });
  const domainMap = await createDomainMap(db, pool.options, log);
  return {
    ...services,
    // A change of a domain here reads the map again, so this server's visitors see it at once.
    customDomains: { ...services.customDomains, domains: domainMap },
    pool,
    webRoot,
    auth,
    requireOwner: requireOwner(auth, db),
    liveForms,
    domainMap,
    sites: createSites(config.appUrl, config.publicUrl, domainMap),
    publicPages,
    visitorLimits: visitorRateLimits(db, services.tokens, (err) => log.warn({ err }, 'could not sweep rate-limit counters')),
    deliverability: createDeliverability({ resolver: mailResolver(config.dnsServers), warn: (message) => log.warn(message) }),
    async close() {
      await domainMap.close();
      await publicPages.views.close();
      await liveForms.close();
    },
  };
}
