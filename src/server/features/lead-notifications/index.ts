import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { OWNER_LEAD_DIGEST_TASK, ownerLeadDigestTask } from './digest.task.js';

export { OWNER_LEAD_DIGEST_CRONTAB, OWNER_LEAD_DIGEST_TASK, ownerLeadDigestTask } from './digest.task.js';
export { type ConfirmedLead, notifyOwnersOfNewLead } from './new-lead.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const leadNotificationsTasks = ({ db, appOrigin }: { db: Db; appOrigin: string }): TaskList => ({
  [OWNER_LEAD_DIGEST_TASK]: ownerLeadDigestTask({ db, appOrigin }),
});
