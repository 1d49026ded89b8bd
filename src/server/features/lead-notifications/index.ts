export { OWNER_LEAD_DIGEST_CRONTAB, OWNER_LEAD_DIGEST_TASK, ownerLeadDigestTask } from './digest.task.js';
export { type ConfirmedLead, notifyOwnersOfNewLead } from './new-lead.js';
