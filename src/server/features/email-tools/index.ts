export { emailToolsDeps, type EmailToolsDeps } from './deps.js';
export { emailToolsRoutes } from './routes.js';
export { emailToolsConsumer } from './sync-consumer.js';
export { SYNC_LEAD_TASK, syncLeadTask } from './sync-lead.task.js';
