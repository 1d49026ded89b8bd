import type { TaskList } from 'graphile-worker';
import type { EmailToolsDeps } from './deps.js';
import { ERASE_FROM_EMAIL_TOOL_TASK, eraseFromEmailToolTask } from './erase-lead.task.js';
import { SYNC_LEAD_TASK, syncLeadTask } from './sync-lead.task.js';

export { emailToolsDeps, type EmailToolsDeps } from './deps.js';
export { emailToolsRoutes } from './routes.js';
export { emailToolsConsumer } from './consumer.js';
export { ERASE_FROM_EMAIL_TOOL_TASK, eraseFromEmailToolTask } from './erase-lead.task.js';
export { SYNC_LEAD_TASK, syncLeadTask } from './sync-lead.task.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const emailToolsTasks = ({ emailTools }: { emailTools: EmailToolsDeps }): TaskList => ({
  [SYNC_LEAD_TASK]: syncLeadTask(emailTools),
  [ERASE_FROM_EMAIL_TOOL_TASK]: eraseFromEmailToolTask(emailTools),
});
