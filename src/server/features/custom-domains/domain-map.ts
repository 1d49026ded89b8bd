import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import pg from 'pg';
import type { DomainStatus } from '../../../domain/custom-domains.js';
import type { Db } from '../../db/client.js';
import { customDomains, forms } from '../../db/schema/index.js';

/** The channel migration 0025's triggers notify when a serving domain, a home page or a page's slug changes. */
export const DOMAINS_CHANNEL = 'lodestone_domains';
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/** A custom domain that serves its workspace's published pages ('verified', or 'failing' within its grace). */
export interface ServingDomain {
  id: string;
  hostname: string;
  workspaceId: string;
  homeFormId: string | null;
  status: Extract<DomainStatus, 'verified' | 'failing'>;
}

export interface DomainMap {
  /** The serving domain of a (normalised) hostname, from memory. */
  get(hostname: string): ServingDomain | undefined;
  /** The page of `workspaceId` whose slug is `slug` (not deleted; live or not), from memory. */
  pageBySlug(workspaceId: string, slug: string): string | undefined;
  /** Reloads from the database; resolves once a load that started after the call has finished. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Every serving domain and the slugs of its workspace's pages, in memory, so the host routing (and
 * the fast path before Fastify) decides without a query. The whole map is small (domains are few
 * per workspace) and is read again whenever the database says something in it changed: the
 * triggers of migration 0025 notify `lodestone_domains` from whichever writer, and this server
 * listens on a connection of its own (as the page cache does, docs/decisions/0026 and 0055). A lost
 * connection keeps the last map and reconnects, reading it again once LISTEN runs.
 */
export async function createDomainMap(db: Db, connection: pg.ClientConfig, log: Log): Promise<DomainMap> {
  let domains = new Map<string, ServingDomain>();
  let slugs = new Map<string, string>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function load() {
    const rows = await db
      .select({
        id: customDomains.id,
        hostname: customDomains.hostname,
        workspaceId: customDomains.workspaceId,
        homeFormId: customDomains.homeFormId,
        status: customDomains.status,
      })
      .from(customDomains)
      .where(inArray(customDomains.status, ['verified', 'failing']));
    const workspaces = [...new Set(rows.map((row) => row.workspaceId))];
    const pages =
      workspaces.length === 0
        ? []
        : await db
            .select({ workspaceId: forms.workspaceId, slug: forms.slug, id: forms.id })
            .from(forms)
            .where(and(inArray(forms.workspaceId, workspaces), isNotNull(forms.slug), isNull(forms.deletedAt)));
    domains = new Map(rows.map((row) => [row.hostname, row as ServingDomain]));
    slugs = new Map(pages.map((page) => [`${page.workspaceId}\n${page.slug}`, page.id]));
  }

  function refresh(): Promise<void> {
    if (!current) {
      current = load()
        .catch((err: unknown) => {
          log.warn({ err }, 'custom domains: could not read the serving domains; keeping the last ones');
        })
        .finally(() => {
          current = null;
        });
      return current;
    }
    // A load is running, which may have read before the change: one more after it.
    queued ??= current.then(() => {
      queued = null;
      return refresh();
    });
    return queued;
  }

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (closed) return;
    if (err) log.warn({ err }, 'custom domains: lost the notification connection; reconnecting');
    timer = setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!);
    timer.unref();
  };

  function connect() {
    if (closed) return;
    const c = new pg.Client(connection);
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === DOMAINS_CHANNEL) void refresh();
    });
    c.connect()
      .then(() => c.query(`listen ${DOMAINS_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        attempt = 0;
        // Whatever changed while not listening is unknown: read it all again.
        return refresh();
      })
      .catch((err: unknown) => lost(c, err instanceof Error ? err : new Error(String(err))));
  }

  connect();
  await refresh();

  return {
    get: (hostname) => domains.get(hostname),
    pageBySlug: (workspaceId, slug) => slugs.get(`${workspaceId}\n${slug}`),
    refresh,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** Whether a domain in this state answers visitors. */
export const isServing = (status: DomainStatus) => status === 'verified' || status === 'failing';
