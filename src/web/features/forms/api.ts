import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@/domain/api-errors';
import type { FormConfig } from '@/domain/form-config';
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
import type { OwnerNotify } from '@/domain/owner-notify';
import { paymentKeys } from '@/web/features/payments';
import { ApiError, apiFetch } from '@/web/lib/api';

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

const formPath = (id: string) => `/api/forms/${encodeURIComponent(id)}`;
const fetchFormDetail = (id: string) => apiFetch<FormDetail>(formPath(id));

export const useFormDetail = (id: string | null) =>
  useQuery({ queryKey: formKeys.detail(id ?? ''), queryFn: () => fetchFormDetail(id!), enabled: id !== null });

/**
 * The form the page creator edits: always today's version, not a cached one. The editor starts from
 * what this loads, once, and a background refetch must not reset it.
 */
export const useFormToEdit = (id: string) =>
  useQuery({
    queryKey: formKeys.detail(id),
    queryFn: () => fetchFormDetail(id),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

/** A form's last 30 days and all-time totals. */
export const useFormAnalytics = (id: string) =>
  useQuery({
    queryKey: formKeys.analytics(id),
    queryFn: () => apiFetch<FormAnalytics>(`${formPath(id)}/analytics`),
  });

/** A form's leads, newest first, 50 at a time (each page carries the cursor of the next). */
export const useFormLeads = (id: string) =>
  useInfiniteQuery({
    queryKey: formKeys.leads(id),
    queryFn: ({ pageParam }) =>
      apiFetch<LeadListPage>(`${formPath(id)}/leads${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Uploads the lead magnet; the server checks its kind and size while it streams (413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE). */
export const useUploadLeadMagnet = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiFetch<UploadedFile>('/api/files', { method: 'POST', body });
    },
  });

/**
 * A page refused because of its payment names the provider that is not connected (any more): what
 * the app knows of the payment accounts is out of date, so it is fetched again.
 */
function useRefreshPaymentsOnRefusal() {
  const queryClient = useQueryClient();
  return (error: Error) => {
    const refused =
      error instanceof ApiError && (error.code === ErrorCode.VALIDATION_ERROR || error.code === ErrorCode.NOT_PUBLISHABLE);
    if (refused && error.errors.payment) void queryClient.invalidateQueries({ queryKey: paymentKeys.settings });
  };
}

/**
 * A draft saved: the server's answer is the form's detail. The rest of the forms data (lists, stats)
 * is marked stale, to be fetched again when next shown rather than now, in the middle of publishing.
 */
function useDraftSaved() {
  const queryClient = useQueryClient();
  return (form: FormDetail) => {
    void queryClient.invalidateQueries({ queryKey: formKeys.all, refetchType: 'none' });
    queryClient.setQueryData(formKeys.detail(form.id), form);
  };
}

/** Creates a form holding `config` as its draft (403 PLAN_LIMIT when the Free plan has no slot left). */
export function useCreateForm() {
  const onSuccess = useDraftSaved();
  const onError = useRefreshPaymentsOnRefusal();
  return useMutation({
    mutationFn: (config: FormConfig) => apiFetch<FormDetail>('/api/forms', { method: 'POST', json: { config } }),
    onSuccess,
    onError,
  });
}

/** Saves `config` as the form's draft; what visitors see changes only once it is published. */
export function useSaveFormDraft() {
  const onSuccess = useDraftSaved();
  const onError = useRefreshPaymentsOnRefusal();
  return useMutation({
    mutationFn: ({ id, config }: { id: string; config: FormConfig }) =>
      apiFetch<FormDetail>(formPath(id), { method: 'PUT', json: { config } }),
    onSuccess,
    onError,
  });
}

/** Publishes the form's saved draft (400 NOT_PUBLISHABLE, with `errors`, when it cannot go live). */
export function usePublishForm() {
  const queryClient = useQueryClient();
  const onError = useRefreshPaymentsOnRefusal();
  return useMutation({
    mutationFn: (id: string) => apiFetch<FormDetail>(`${formPath(id)}/publish`, { method: 'POST' }),
    onSuccess: (published) => {
      queryClient.setQueryData(formKeys.detail(published.id), published);
      // Not awaited: the dashboard the owner goes to next shows the lists as they refresh.
      void queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
    onError,
  });
}

export function useSetFormStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FormStatus }) =>
      apiFetch<FormDetail>(`${formPath(id)}/status`, { method: 'PATCH', json: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** How the owner hears of the page's new leads: the owner's setting, applied at once (no publishing). */
/** The Embed dialog's allowed sites: on the published page at once (PUT /api/forms/:id/embed-origins). */
export function useSetEmbedOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, embedOrigins }: { id: string; embedOrigins: string[] }) =>
      apiFetch<FormDetail>(`/api/forms/${encodeURIComponent(id)}/embed-origins`, { method: 'PUT', json: { embedOrigins } }),
    onSuccess: (form) => queryClient.setQueryData(formKeys.detail(form.id), form),
  });
}

export function useSetOwnerNotify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerNotify }: { id: string; ownerNotify: OwnerNotify }) =>
      apiFetch<FormDetail>(`${formPath(id)}/notifications`, { method: 'PUT', json: { ownerNotify } }),
    onSuccess: (form) => queryClient.setQueryData(formKeys.detail(form.id), form),
  });
}

/** Brings a page back from Recently deleted (403 PLAN_LIMIT when the Free plan has no slot left). */
export function useRestoreForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<FormDetail>(`${formPath(id)}/restore`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** A copy of a page as last edited, unpublished (403 PLAN_LIMIT when the Free plan has no slot left). */
export function useDuplicateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<FormDetail>(`${formPath(id)}/duplicate`, { method: 'POST' }),
    onSuccess: (form) => {
      queryClient.setQueryData(formKeys.detail(form.id), form);
      return queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}

/** Moves a page to Recently deleted (restorable for DELETED_FORM_RETENTION_DAYS). */
export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(formPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}
