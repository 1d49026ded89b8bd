import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditablePages, HeldLeadsSummary } from '@/domain/plan-usage';
import { apiFetch } from '@/web/lib/api';

/** Client side of what the plan holds back (contract in src/domain/plan-usage.ts). */

export const planLimitKeys = {
  held: ['leads', 'held'] as const,
  // Under 'forms': whatever changes the forms (a page deleted, restored, created) refetches it.
  editable: ['forms', 'editable'] as const,
};

export const useHeldLeads = () =>
  useQuery({ queryKey: planLimitKeys.held, queryFn: () => apiFetch<HeldLeadsSummary>('/api/leads/held') });

export const useEditablePages = () =>
  useQuery({ queryKey: planLimitKeys.editable, queryFn: () => apiFetch<EditablePages>('/api/forms/editable') });

/** The owner's choice of the pages to keep editing (403/400 with the server's message when refused). */
export function useKeepPages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: string[]) => apiFetch<EditablePages>('/api/forms/editable', { method: 'PUT', json: { keep } }),
    onSuccess: (pages) => {
      queryClient.setQueryData(planLimitKeys.editable, pages);
      void queryClient.invalidateQueries({ queryKey: ['forms'], refetchType: 'none' });
    },
  });
}
