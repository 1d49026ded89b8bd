import type { TaskList } from 'graphile-worker';
import type { DomainDeps } from './deps.js';
import { RECHECK_DOMAINS_TASK, recheckDomainsTask } from './recheck-domains.task.js';

export { type DomainDeps, domainDeps } from './deps.js';
export { checkRecords, type DnsResolver, type RecordsFound, systemResolver } from './dns-check.js';
export { createDomainMap, DOMAINS_CHANNEL, type DomainMap, isServing, type ServingDomain } from './domain-map.js';
export {
  PENDING_CHECK_DAYS,
  RECHECK_DOMAINS_CRONTAB,
  RECHECK_DOMAINS_TASK,
  recheckDomains,
  recheckDomainsTask,
} from './recheck-domains.task.js';
export { customDomainsRoutes } from './routes.js';
export { hostGate } from './host-gate.js';
export { createSites, hostnameOf, type Site, type Sites } from './sites.js';
export { tlsAskRoute } from './tls-ask.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const customDomainsTasks = ({ customDomains }: { customDomains: DomainDeps }): TaskList => ({
  [RECHECK_DOMAINS_TASK]: recheckDomainsTask(customDomains),
});
