import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { purgeDueAccounts } from './account.js';

export const PURGE_ACCOUNTS_TASK = 'purge_accounts';
/** Daily at 02:47. */
export const PURGE_ACCOUNTS_CRONTAB = `47 2 * * * ${PURGE_ACCOUNTS_TASK}`;

export function purgeAccountsTask(db: Db, storage: Storage): Task {
  return async (_payload, helpers) => {
    const deleted = await purgeDueAccounts(db, storage);
    if (deleted > 0) helpers.logger.info(`deleted ${deleted} accounts whose deletion was due`);
  };
}
