import type { Task } from 'graphile-worker';
import { exportLeads, type ExportDeps } from './export-leads.js';

export const EXPORT_LEADS_TASK = 'export_leads';

export interface ExportLeadsPayload {
  exportId: string;
}

/** Builds the export queued by POST /api/leads/exports; a failure is recorded on the export, not retried. */
export function exportLeadsTask(deps: ExportDeps): Task {
  return async (payload, helpers) => {
    const { exportId } = payload as ExportLeadsPayload;
    await exportLeads(deps, exportId, (msg) => helpers.logger.error(msg));
  };
}
