/** Carried in history state from the list to a lead, so "Back to leads" returns to the same filters. */
export interface LeadDetailState {
  /** The list's query string, without '?'. */
  listSearch: string;
}

export function listSearchFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && typeof (state as LeadDetailState).listSearch === 'string') {
    return (state as LeadDetailState).listSearch;
  }
  return '';
}
