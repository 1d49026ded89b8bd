import type { TaskList } from 'graphile-worker';
import { followUpDeps } from './deps.js';
import { FOLLOW_UP_SWEEP_TASK, followUpSweepTask } from './sweep.js';

export { followUpsConsumer, followUpOptIn } from './consumer.js';
export { followUpDeps, type FollowUpDeps, unsubscribeUrl } from './deps.js';
export { leadFollowUps } from './lead-follow-ups.js';
export { followUpStats, followUpsRoutes, unsubscribeRoutes } from './routes.js';
export { nextFollowUp, rescheduleFollowUps } from './schedule.js';
export { isSuppressed, suppress, suppressionHash } from './suppression.js';
export { mailWebhookRoutes } from './bounces/index.js';
export { FOLLOW_UP_SWEEP_CRONTAB, FOLLOW_UP_SWEEP_TASK, followUpMessageId, followUpSweepTask, sweepFollowUps } from './sweep.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const followUpsTasks = (services: Parameters<typeof followUpDeps>[0]): TaskList => ({
  [FOLLOW_UP_SWEEP_TASK]: followUpSweepTask(followUpDeps(services)),
});
