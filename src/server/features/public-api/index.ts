export {
  PURGE_IDEMPOTENCY_KEYS_CRONTAB,
  PURGE_IDEMPOTENCY_KEYS_TASK,
  purgeIdempotencyKeys,
  purgeIdempotencyKeysTask,
} from './idempotency.js';
export { PUBLIC_API_PREFIX, publicApiPlugin } from './plugin.js';
