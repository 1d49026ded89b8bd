import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { queueLeadDigests } from './digest.js';

export const OWNER_LEAD_DIGEST_TASK = 'owner_lead_digest';
/**
 * Daily at 08:05 UTC: owners read it at the start of their day (in Europe; the window is the same
 * 24 hours for everybody). `fill=12h` runs a slot missed while no server was up once one starts,
 * still on the same window; the crontab runs each slot once across servers.
 */
export const OWNER_LEAD_DIGEST_CRONTAB = `5 8 * * * ${OWNER_LEAD_DIGEST_TASK} ?fill=12h`;

/** What graphile-worker adds to a crontab job's payload: the slot's scheduled time. */
interface CronPayload {
  _cron?: { ts?: string };
}

export function ownerLeadDigestTask(deps: { db: Db; appOrigin: string }): Task {
  return async (payload, helpers) => {
    // The slot's time, not the time the job happens to run: a late or retried run covers the same window.
    const ts = (payload as CronPayload | null)?._cron?.ts;
    const until = ts ? new Date(ts) : new Date();
    if (Number.isNaN(until.getTime())) throw new Error(`owner_lead_digest: bad _cron.ts ${ts}`);
    const queued = await queueLeadDigests(deps, until);
    if (queued > 0) helpers.logger.info(`queued ${queued} lead digests for the 24 hours to ${until.toISOString()}`);
  };
}
