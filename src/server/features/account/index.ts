import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { PURGE_ACCOUNTS_TASK, purgeAccountsTask } from './purge-accounts.task.js';

export { purgeDueAccounts } from './account.js';
export { PURGE_ACCOUNTS_CRONTAB, PURGE_ACCOUNTS_TASK, purgeAccountsTask } from './purge-accounts.task.js';
export { accountRoutes } from './routes.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const accountTasks = ({ db, storage }: { db: Db; storage: Storage }): TaskList => ({
  [PURGE_ACCOUNTS_TASK]: purgeAccountsTask(db, storage),
});
