/** The Markdown article's sections the reference's intro links to (their anchors on the same page). */
export const GUIDE_SECTIONS = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'pagination', label: 'Pagination' },
  { id: 'idempotency', label: 'Idempotency' },
  { id: 'rate-limits', label: 'Rate limits' },
  { id: 'errors', label: 'Errors' },
  { id: 'endpoints', label: 'Endpoints' },
] as const;
