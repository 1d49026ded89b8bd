import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { RELEASE_HELD_LEADS_TASK, releaseHeldLeadsTask } from './release-held-leads.task.js';

export { heldLeadsSummary, releaseEndedMonths, releaseHeldLeads, type ReleaseOptions } from './held-leads.js';
export { assertPageEditable, editablePages, keepPagesForEditing } from './kept-pages.js';
export { monthlySignups, monthOf, noteVerifiedLead, signupRoom, signupRoomSql } from './monthly-signups.js';
export { RELEASE_HELD_LEADS_CRONTAB, RELEASE_HELD_LEADS_TASK, releaseHeldLeadsTask } from './release-held-leads.task.js';
export { planLimitsRoutes } from './routes.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const planLimitsTasks = ({ db, appOrigin }: { db: Db; appOrigin: string }): TaskList => ({
  [RELEASE_HELD_LEADS_TASK]: releaseHeldLeadsTask({ db, appOrigin }),
});
