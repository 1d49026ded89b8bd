import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DashboardStats,
  FormAnalytics,
  FormDetail,
  FormListPage,
  FormStatus,
  LeadListPage,
  ListFormsQuery,
  UploadedFile,
} from '@/domain/forms-api';
import { apiFetch } from '@/web/lib/api';

/** Client side of the owner forms API (contract in src/domain/forms-api.ts). */

export const formKeys = {
  all: ['forms'] as const,
  list: (q: ListFormsQuery) => ['forms', 'list', q] as const,
  stats: ['forms', 'stats'] as const,
  detail: (id: string) => ['forms', 'detail', id] as const,
  analytics: (id: string) => ['forms', 'analytics', id] as const,
  leads: (id: string) => ['forms', 'leads', id] as const,
};

export function fetchFormsPage(query: ListFormsQuery): Promise<FormListPage> {
  const params = new URLSearchParams();
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.cursor) params.set('cursor', query.cursor);
  const qs = params.toString();
  return apiFetch<FormListPage>(`/api/forms${qs ? `?${qs}` : ''}`);
}

export const useFormsPage = (query: ListFormsQuery) =>
  useQuery({ queryKey: formKeys.list(query), queryFn: () => fetchFormsPage(query), placeholderData: keepPreviousData });

export const useFormStats = () =>
  useQuery({ queryKey: formKeys.stats, queryFn: () => apiFetch<DashboardStats>('/api/forms/stats') });

export const useFormDetail = (id: string | null) =>
  useQuery({
    queryKey: formKeys.detail(id ?? ''),
    queryFn: () => apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });

/** A form's last 30 days and all-time totals. */
export const useFormAnalytics = (id: string) =>
  useQuery({
    queryKey: formKeys.analytics(id),
    queryFn: () => apiFetch<FormAnalytics>(`/api/forms/${encodeURIComponent(id)}/analytics`),
  });

/** A form's leads, newest first, 50 at a time (each page carries the cursor of the next). */
export const useFormLeads = (id: string) =>
  useInfiniteQuery({
    queryKey: formKeys.leads(id),
    queryFn: ({ pageParam }) =>
      apiFetch<LeadListPage>(
        `/api/forms/${encodeURIComponent(id)}/leads${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Uploads the PDF; the server checks type and size while it streams. */
export function uploadLeadMagnet(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<UploadedFile>('/api/files', { method: 'POST', body });
}

export function useSetFormStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FormStatus }) =>
      apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(id)}/status`, { method: 'PATCH', json: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** Brings a page back from Recently deleted (403 PLAN_LIMIT when the Free plan has no slot left). */
export function useRestoreForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** Moves a page to Recently deleted (restorable for DELETED_FORM_RETENTION_DAYS). */
export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/forms/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}
