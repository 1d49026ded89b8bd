import type { FormStatus } from './forms-api';

// Apart from forms-api (and its zod) so the dashboard's chunks, which validate nothing, carry none.

/**
 * What the owner's screens call a page: a Draft until it is first published (its stored status is
 * 'inactive' then, but no visitor has ever seen it), then Active, or Inactive once switched off.
 */
export const PAGE_STATES = ['active', 'inactive', 'draft'] as const;
export type PageState = (typeof PAGE_STATES)[number];
export const PAGE_STATE_LABELS: Record<PageState, string> = { active: 'Active', inactive: 'Inactive', draft: 'Draft' };
export const pageState = (status: FormStatus, published: boolean): PageState => (published ? status : 'draft');
