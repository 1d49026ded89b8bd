import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { purgeVisitorTraces } from './visitor-hash.js';

export const PURGE_VISITOR_TRACES_TASK = 'purge_visitor_traces';
/** Hourly, so a day's salt is gone within 48 hours and 17 minutes of the day's start. */
export const PURGE_VISITOR_TRACES_CRONTAB = `17 * * * * ${PURGE_VISITOR_TRACES_TASK}`;

export function purgeVisitorTracesTask(db: Db): Task {
  return async (_payload, helpers) => {
    const { salts, visitors } = await purgeVisitorTraces(db);
    if (salts > 0) helpers.logger.info(`deleted ${salts} visitor salts and ${visitors} visitor rows`);
  };
}
