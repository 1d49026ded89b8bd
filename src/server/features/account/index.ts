export { purgeDueAccounts } from './account.js';
export { PURGE_ACCOUNTS_CRONTAB, PURGE_ACCOUNTS_TASK, purgeAccountsTask } from './purge-accounts.task.js';
export { accountRoutes } from './routes.js';
