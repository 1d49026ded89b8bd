import { and, eq, sql } from 'drizzle-orm';
import { normalizeEmbedOrigins } from '@/domain/embed-origins';
import { PLACEMENT_ID } from '@/domain/placements';
import type { Executor } from '@/server/db/client';
import { placements } from '@/server/db/schema';

/** The placement a visitor came through (domain/placements.ts), as its lead records it. */
export type PagePlacement = { id: string; name: string };

/**
 * The placement `id` of the page `formId`, or null: a malformed id, another page's placement, or
 * one deleted since the frame opened. One lookup by primary key (the frame's view and its sign-up
 * each ask once).
 */
export async function findPagePlacement(db: Executor, formId: string, id: unknown): Promise<PagePlacement | null> {
  if (typeof id !== 'string' || !PLACEMENT_ID.test(id)) return null;
  const [row] = await db
    .select({ id: placements.id, name: sql<string>`${placements.settings}->>'name'` })
    .from(placements)
    .where(and(eq(placements.id, id), eq(placements.formId, formId)))
    .limit(1);
  return row ? { id: row.id, name: row.name ?? '' } : null;
}

export const MAX_HOST_URL = 1000;

/**
 * The host page's address (ls_host) as a lead records it: an http(s) address on one of the sites the
 * page lets show it (its embedOrigins), without its #, control characters removed, at most
 * MAX_HOST_URL characters; null for anything else (a stranger's site, a made-up value).
 */
export function allowedHostUrl(config: { embedOrigins?: readonly string[] }, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!normalizeEmbedOrigins(config.embedOrigins).includes(url.origin)) return null;
  url.hash = '';
  return url.href.slice(0, MAX_HOST_URL);
}
