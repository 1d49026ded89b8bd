/**
 * The statuses the workspace's leads list filters by (GET /api/leads?status=). A module of its own,
 * without schemas, so the list's filters do not load the validation library; forms-api.ts
 * re-exports it beside the query's schema.
 */
export const WORKSPACE_LEAD_STATUSES = ['pending', 'confirmed', 'paid', 'refunded'] as const;
export type WorkspaceLeadStatus = (typeof WORKSPACE_LEAD_STATUSES)[number];
