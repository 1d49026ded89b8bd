import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/server/db/client';
import { queueEmail, stableMessageId } from '@/server/features/mail/index';
import { workspaceOwners } from '@/server/features/workspaces/index';

/** The digest covers the 24 hours before its scheduled time. */
export const DIGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Newest leads listed per page; the count covers them all. */
export const DIGEST_LEADS_PER_PAGE = 10;

interface DigestRow extends Record<string, unknown> {
  workspace_id: string;
  form_id: string;
  form_name: string;
  page_count: number;
  lead_id: string;
  email: string;
  verified_at: string;
}

/**
 * Leads confirmed in [from, to) on live pages set to 'digest' (or held and released in it), the
 * newest 10 of each page with the page's count. The setting is read now: a page switched from 'each' during the day has its earlier
 * leads in the digest too, which tells the owner about them a second time rather than not at all.
 */
async function digestRows(tx: Executor, from: Date, to: Date) {
  const { rows } = await tx.execute<DigestRow>(sql`
    select * from (
      select l.workspace_id, f.id as form_id, f.name as form_name, l.id as lead_id, l.email,
        to_char(l.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as verified_at,
        count(*) over (partition by f.id)::int as page_count,
        row_number() over (partition by f.id order by l.verified_at desc, l.id desc) as n
      from forms f
      join leads l on l.form_id = f.id and l.workspace_id = f.workspace_id
      where f.owner_notify = 'digest' and f.deleted_at is null
        and l.status = 'verified' and l.held_at is null
        and (l.verified_at >= ${from.toISOString()} and l.verified_at < ${to.toISOString()} and l.released_at is null
          -- A held lead released in the window (plan-limits/held-leads.ts) is news then.
          or l.released_at >= ${from.toISOString()} and l.released_at < ${to.toISOString()})
    ) ranked
    where n <= ${DIGEST_LEADS_PER_PAGE}
    order by workspace_id, page_count desc, form_name, form_id, n`);
  return rows;
}

/** The rows as one digest per workspace: its pages, each with its count and newest leads. */
function byWorkspace(rows: DigestRow[], appOrigin: string) {
  const workspaces = new Map<
    string,
    Map<string, { name: string; count: number; url: string; leads: Array<{ email: string; confirmedAt: string; url: string }> }>
  >();
  for (const row of rows) {
    const pages = workspaces.get(row.workspace_id) ?? new Map();
    workspaces.set(row.workspace_id, pages);
    const page = pages.get(row.form_id) ?? {
      name: row.form_name,
      count: row.page_count,
      url: `${appOrigin}/dashboard/forms/${row.form_id}`,
      leads: [],
    };
    pages.set(row.form_id, page);
    page.leads.push({ email: row.email, confirmedAt: row.verified_at, url: `${appOrigin}/dashboard/leads/${row.lead_id}` });
  }
  return new Map([...workspaces].map(([id, pages]) => [id, [...pages.values()]]));
}

/**
 * The daily digest for the window ending at `until` (the cron slot's time): one email to each owner
 * of each workspace that had leads confirmed on its 'digest' pages; nothing for the others. All of
 * it is queued in one transaction, so a failed run queues nothing and its retry queues everything;
 * the message ids are derived from the workspace, the owner and the slot, so a slot run twice
 * (backfilled, or retried after its emails were queued) sends each email once.
 */
export async function queueLeadDigests(deps: { db: Db; appOrigin: string }, until: Date): Promise<number> {
  const from = new Date(until.getTime() - DIGEST_WINDOW_MS);
  return deps.db.transaction(async (tx) => {
    const digests = byWorkspace(await digestRows(tx, from, until), deps.appOrigin);
    let queued = 0;
    for (const owner of await workspaceOwners(tx, [...digests.keys()])) {
      const pages = digests.get(owner.workspaceId)!;
      await queueEmail(
        tx,
        {
          template: 'ownerLeadDigest',
          to: owner.email,
          props: { workspaceName: owner.workspaceName, until: until.toISOString(), pages },
        },
        stableMessageId('owner-lead-digest', owner.workspaceId, owner.userId, until.toISOString()),
      );
      queued += 1;
    }
    return queued;
  });
}
