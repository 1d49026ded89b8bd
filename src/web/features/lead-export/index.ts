export { LeadExportPanel, type LeadExportPanelFilter } from './lead-export-panel';
