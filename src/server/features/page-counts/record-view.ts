import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { formDailyStats, formDailyVisitors } from '@/server/db/schema';
import { today } from './daily-stats.js';

/** One view, and one unique visitor the first time `visitorHash` is seen on this form today. */
export async function recordView(executor: Executor, formId: string, visitorHash: string, now = new Date()) {
  const day = today(now);
  await executor.execute(sql`
    with first_visit as (
      insert into ${formDailyVisitors} (form_id, day, visitor_hash) values (${formId}, ${day}, ${visitorHash})
      on conflict do nothing returning 1
    )
    insert into ${formDailyStats} (form_id, day, views, unique_visitors)
    values (${formId}, ${day}, 1, (select count(*) from first_visit))
    on conflict (form_id, day) do update set
      views = ${formDailyStats}.views + 1,
      unique_visitors = ${formDailyStats}.unique_visitors + excluded.unique_visitors`);
}

// Crawlers, link previews and monitors: their fetches are not visits.
const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|lighthouse|curl|wget|python-requests|httpclient|go-http|node-fetch|axios|monitor|pingdom|uptime/i;

/** True for a browser's real page view: not a bot and not a speculative prefetch. */
export function isCountableView(headers: Record<string, string | string[] | undefined>): boolean {
  const ua = String(headers['user-agent'] ?? '');
  if (!ua || BOT.test(ua)) return false;
  const purpose = String(headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-moz'] ?? '');
  return !/prefetch|prerender/i.test(purpose);
}
