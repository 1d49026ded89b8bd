import type { TaskList } from 'graphile-worker';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { BillingDeps } from './apply.js';
import { END_GRACE_PERIODS_TASK, endGracePeriodsTask } from './grace.task.js';

export type { BillingDeps } from './apply.js';
export { END_GRACE_PERIODS_CRONTAB, END_GRACE_PERIODS_TASK, endGracePeriodsTask } from './grace.task.js';
export { changePlan } from './plan.js';
export { billingRoutes, billingWebhookRoutes } from './routes.js';

/** What billing needs, from the configuration: the same for the server and the job thread. */
export const billingDeps = (config: Config, db: Db): BillingDeps => ({
  db,
  billing: config.billing,
  stripeApiUrl: config.stripeApiUrl,
  appOrigin: config.appUrl.origin,
});
export { OPERATOR, PlanCommandError, setPlanAsOperator } from './operator.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const billingTasks = ({ billing }: { billing: BillingDeps }): TaskList => ({
  [END_GRACE_PERIODS_TASK]: endGracePeriodsTask(billing),
});
