import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { purgeExpiredLeads } from './retention.js';

export const PURGE_EXPIRED_LEADS_TASK = 'purge_expired_leads';
/** Daily at 03:27, after the purge of deleted pages. */
export const PURGE_EXPIRED_LEADS_CRONTAB = `27 3 * * * ${PURGE_EXPIRED_LEADS_TASK}`;

export function purgeExpiredLeadsTask(db: Db): Task {
  return async (_payload, helpers) => {
    const { pending, all } = await purgeExpiredLeads(db);
    if (pending + all > 0) helpers.logger.info(`deleted ${pending} unconfirmed and ${all} expired leads`);
  };
}
