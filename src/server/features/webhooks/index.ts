import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { deliverWebhookTask } from './deliver.task.js';
import type { WebhookDeps } from './deps.js';
import { PURGE_WEBHOOK_EVENTS_TASK, purgeWebhookEventsTask } from './purge.task.js';
import { DELIVER_WEBHOOK_TASK } from './queue.js';

export { createEndpoint } from './create-endpoint.js';
export { deleteEndpoint } from './delete-endpoint.js';
export { getDelivery, listDeliveries, replayDelivery } from './deliveries.js';
export { deliverWebhook, deliverWebhookTask } from './deliver.task.js';
export { webhookDeps, type WebhookDeps } from './deps.js';
export { revealSecret, rotateSecret, sendTestEvent, setEndpointEnabled } from './endpoint-actions.js';
export { webhooksFanOut } from './fan-out.js';
export { getEndpoint } from './get-endpoint.js';
export { listEndpoints } from './list-endpoints.js';
export { PURGE_WEBHOOK_EVENTS_CRONTAB, PURGE_WEBHOOK_EVENTS_TASK, purgeWebhookEventsTask } from './purge.task.js';
export { DELIVER_WEBHOOK_TASK } from './queue.js';
export { webhooksRoutes } from './routes.js';
export { updateEndpoint } from './update-endpoint.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const webhooksTasks = ({ db, webhooks }: { db: Db; webhooks: WebhookDeps }): TaskList => ({
  [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(webhooks),
  [PURGE_WEBHOOK_EVENTS_TASK]: purgeWebhookEventsTask(db),
});
