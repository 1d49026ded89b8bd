export { emailToolsDeps, type EmailToolsDeps } from './deps.js';
export { emailToolsRoutes } from './routes.js';
export { emailToolsConsumer } from './consumer.js';
export { ERASE_FROM_EMAIL_TOOL_TASK, eraseFromEmailToolTask } from './erase-lead.task.js';
export { SYNC_LEAD_TASK, syncLeadTask } from './sync-lead.task.js';
