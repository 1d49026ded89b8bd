import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { PURGE_IDEMPOTENCY_KEYS_TASK, purgeIdempotencyKeysTask } from './idempotency.js';

export {
  PURGE_IDEMPOTENCY_KEYS_CRONTAB,
  PURGE_IDEMPOTENCY_KEYS_TASK,
  purgeIdempotencyKeys,
  purgeIdempotencyKeysTask,
} from './idempotency.js';
export { PUBLIC_API_PREFIX, publicApiRoutes } from './plugin.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const publicApiTasks = ({ db }: { db: Db }): TaskList => ({
  [PURGE_IDEMPOTENCY_KEYS_TASK]: purgeIdempotencyKeysTask(db),
});
