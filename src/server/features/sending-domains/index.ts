import type { TaskList } from 'graphile-worker';
import type { SendingDomainDeps } from './deps.js';
import { RECHECK_SENDING_DOMAINS_TASK, recheckSendingDomainsTask } from './recheck-sending-domains.task.js';

export { dkimKeySealer, type SendingDomainDeps, sendingDomainDeps } from './deps.js';
export {
  PENDING_SENDING_CHECK_DAYS,
  RECHECK_SENDING_DOMAINS_CRONTAB,
  RECHECK_SENDING_DOMAINS_TASK,
  recheckSendingDomains,
  recheckSendingDomainsTask,
} from './recheck-sending-domains.task.js';
export { sendingDomainsRoutes } from './routes.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const sendingDomainsTasks = ({ sendingDomains }: { sendingDomains: SendingDomainDeps }): TaskList => ({
  [RECHECK_SENDING_DOMAINS_TASK]: recheckSendingDomainsTask(sendingDomains),
});
