import type { FormStatus, PageState } from './forms-api';

// Apart from forms-api (and its zod) so the dashboard's chunks, which validate nothing, carry none.

export const PAGE_STATE_LABELS: Record<PageState, string> = { active: 'Active', inactive: 'Inactive', draft: 'Draft' };
/** A Draft until first published, then the stored status (forms-api's PAGE_STATES). */
export const pageState = (status: FormStatus, published: boolean): PageState => (published ? status : 'draft');
