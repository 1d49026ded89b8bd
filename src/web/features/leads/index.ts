// The screens are loaded lazily by the router, straight from their files.
export { leadKeys, leadQueryString, useLeadDetail, useWorkspaceLeads } from './api';
export { filterFrom, LEAD_FILTER_KEYS, type LeadFilter } from './lead-filter';
