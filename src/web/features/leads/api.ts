import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FormListPage, FormSummary, LeadListPage } from '@/domain/forms-api';
import type { LeadDetail } from '@/domain/lead-detail';
import { fetchFormsPage } from '@/web/features/forms';
import { apiFetch } from '@/web/lib/api';
import type { LeadFilter } from './lead-filter';

/** Client side of GET /api/leads and GET /api/leads/:id (contracts in src/domain/forms-api.ts and lead-detail.ts). */

export const leadKeys = {
  all: ['leads'] as const,
  list: (filter: LeadFilter) => ['leads', 'list', filter] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  pages: ['leads', 'pages'] as const,
};

/** The filter as the API takes it: only the values that are set, passed as they are, so the server judges them. */
export function leadQueryString(filter: LeadFilter, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The workspace's leads matching `filter`, newest first, 50 at a time; the previous rows stay while the filter changes. */
export const useWorkspaceLeads = (filter: LeadFilter) =>
  useInfiniteQuery({
    queryKey: leadKeys.list(filter),
    queryFn: ({ pageParam }) => apiFetch<LeadListPage>(`/api/leads${leadQueryString(filter, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useLeadDetail = (id: string) =>
  useQuery({ queryKey: leadKeys.detail(id), queryFn: () => apiFetch<LeadDetail>(`/api/leads/${encodeURIComponent(id)}`) });

/** Enough pages of forms for any workspace's page picker, without looping for ever on a broken cursor. */
const MAX_FORM_PAGES = 40;

async function allForms(status: 'all' | 'deleted'): Promise<FormSummary[]> {
  const forms: FormSummary[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_FORM_PAGES; i += 1) {
    const page: FormListPage = await fetchFormsPage({ status, cursor });
    forms.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return forms;
}

/** Every page of the workspace for the page filter; deleted ones too, since their leads stay listed until the purge. */
export const useLeadPages = () =>
  useQuery({
    queryKey: leadKeys.pages,
    queryFn: async () => {
      const [live, deleted] = await Promise.all([allForms('all'), allForms('deleted')]);
      return { live, deleted };
    },
  });
