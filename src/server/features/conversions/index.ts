import type { TaskList } from 'graphile-worker';
import type { ConversionDeps } from './deps.js';
import { SEND_CONVERSION_TASK } from './queue.js';
import { sendConversionTask } from './send.task.js';

export { conversionDeps, type ConversionDeps } from './deps.js';
export { conversionsConsumer, purchaseEventId } from './consumer.js';
export { formConversionCounts } from './form-counts.js';
export { conversionsRoutes } from './routes.js';
export { SEND_CONVERSION_TASK, sendJobKey } from './queue.js';
export { sendConversion, sendConversionTask } from './send.task.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const conversionsTasks = ({ conversions }: { conversions: ConversionDeps }): TaskList => ({
  [SEND_CONVERSION_TASK]: sendConversionTask(conversions),
});
