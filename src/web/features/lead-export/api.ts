import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLeadExportBody, LeadExport, LeadExportList } from '@/domain/lead-export';
import { apiFetch } from '@/web/lib/api';

/** Client side of the lead exports (contract in src/domain/lead-export.ts). */

export const exportKeys = { list: ['lead-exports'] as const };

const EXPORTS_PATH = '/api/leads/exports';
/** How often the list is asked again while an export is being built, for its progress bar. */
const PROGRESS_POLL_MS = 1000;

const inProgress = (list: LeadExportList | undefined) =>
  list?.items.some((e) => e.status === 'queued' || e.status === 'running') ?? false;

export const useLeadExports = () =>
  useQuery({
    queryKey: exportKeys.list,
    queryFn: () => apiFetch<LeadExportList>(EXPORTS_PATH),
    refetchInterval: (query) => (inProgress(query.state.data) ? PROGRESS_POLL_MS : false),
  });

export function useCreateLeadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeadExportBody) => apiFetch<LeadExport>(EXPORTS_PATH, { method: 'POST', json: body }),
    // The new export heads the list at once; the list's polling then follows its progress.
    onSuccess: (created) => {
      queryClient.setQueryData<LeadExportList>(exportKeys.list, (list) =>
        list ? { ...list, items: [created, ...list.items.filter((e) => e.id !== created.id)] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: exportKeys.list });
    },
  });
}
