import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { PURGE_VISITOR_TRACES_TASK, purgeVisitorTracesTask } from './purge-visitor-traces.task.js';

export { bumpDailyStats, bumpDailyStatsFrom, countedLeadColumns, type CountedLead, today, uncountLeads } from './daily-stats.js';
export { isCountableView, recordView } from './record-view.js';
export { createVisitorHasher, purgeVisitorTraces, type VisitorHasher } from './visitor-hash.js';
export { PURGE_VISITOR_TRACES_CRONTAB, PURGE_VISITOR_TRACES_TASK, purgeVisitorTracesTask } from './purge-visitor-traces.task.js';
export { createViewBuffer, VIEW_FLUSH_MS, type ViewBuffer, type ViewedVariant } from './view-buffer.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const pageCountsTasks = ({ db }: { db: Db }): TaskList => ({
  [PURGE_VISITOR_TRACES_TASK]: purgeVisitorTracesTask(db),
});
