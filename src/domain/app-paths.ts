// The app's links to its own screens, as plain string builders: no imports, so a screen that links
// somewhere does not download the route table (with the templates and docs it validates against).

/** The per-form analytics page. */
export const formAnalyticsPath = (formId: string) => `/dashboard/forms/${encodeURIComponent(formId)}`;

/** "Put it on your site": the page's placements on the owner's own site. */
export const formSitePath = (formId: string) => `${formAnalyticsPath(formId)}/site`;

/** The workspace's leads, optionally filtered to one page. */
export const leadsPath = (formId?: string) =>
  formId ? `/dashboard/leads?form=${encodeURIComponent(formId)}` : '/dashboard/leads';

/** One lead's detail. */
export const leadPath = (leadId: string) => `/dashboard/leads/${encodeURIComponent(leadId)}`;
