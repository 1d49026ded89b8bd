import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { DomainStatus } from '@/domain/custom-domains';
import type { Db } from '@/server/db/client';
import { customDomains, forms } from '@/server/db/schema/index';
import { listenOn } from '@/server/lib/channel-listener';

/** The channel migration 0025's triggers notify when a serving domain, a home page or a page's slug changes. */
export const DOMAINS_CHANNEL = 'lodestone_domains';

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

  const listener = listenOn(
    connection,
    DOMAINS_CHANNEL,
    {
      onNotification: () => void refresh(),
      // Whatever changed while not listening is unknown: read it all again.
      onListening: () => void refresh(),
      onLost: () => {}, // the last map stays until the next read
    },
    log,
    'custom domains',
  );
  await refresh();

  return {
    get: (hostname) => domains.get(hostname),
    pageBySlug: (workspaceId, slug) => slugs.get(`${workspaceId}\n${slug}`),
    refresh,
    close: () => listener.close(),
  };
}

/** Whether a domain in this state answers visitors. */
export const isServing = (status: DomainStatus) => status === 'verified' || status === 'failing';
