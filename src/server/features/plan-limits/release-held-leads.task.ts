import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { releaseEndedMonths } from './held-leads.js';

export const RELEASE_HELD_LEADS_TASK = 'release_held_leads';
/**
 * Daily at 00:05 UTC, so the 1st's run releases the month that just ended (a day missed while no
 * server was up is caught up by the next run: it releases every month that has ended).
 */
export const RELEASE_HELD_LEADS_CRONTAB = `5 0 * * * ${RELEASE_HELD_LEADS_TASK}`;

export function releaseHeldLeadsTask(deps: { db: Db; appOrigin: string }): Task {
  return async (_payload, helpers) => {
    const released = await releaseEndedMonths(deps);
    if (released > 0) helpers.logger.info(`released ${released} held leads of months that have ended`);
  };
}
