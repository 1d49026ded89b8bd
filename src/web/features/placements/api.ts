import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Placement, PlacementSettings, PlacementStats } from '@/domain/placements';
import { apiFetch } from '@/web/lib/api';

/** Client side of the placements API (GET/POST /api/forms/:formId/placements, PUT/DELETE …/:id, GET …/stats). */

export const placementKeys = {
  list: (formId: string) => ['placements', formId] as const,
  stats: (formId: string) => ['placements', formId, 'stats'] as const,
};

const placementsPath = (formId: string) => `/api/forms/${encodeURIComponent(formId)}/placements`;

export const usePlacements = (formId: string) =>
  useQuery({
    queryKey: placementKeys.list(formId),
    queryFn: () => apiFetch<{ items: Placement[] }>(placementsPath(formId)).then((body) => body.items),
  });

/** The page's placements over the analytics screen's period (its last 30 days). */
export const usePlacementStats = (formId: string) =>
  useQuery({
    queryKey: placementKeys.stats(formId),
    queryFn: () => apiFetch<{ items: PlacementStats[] }>(`${placementsPath(formId)}/stats`).then((body) => body.items),
  });

/** The cached list with `placement` put in its place (or added at the end). */
function withPlacement(list: Placement[] | undefined, placement: Placement): Placement[] {
  const items = list ?? [];
  return items.some((p) => p.id === placement.id)
    ? items.map((p) => (p.id === placement.id ? placement : p))
    : [...items, placement];
}

export function useCreatePlacement(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlacementSettings) => apiFetch<Placement>(placementsPath(formId), { method: 'POST', json: settings }),
    onSuccess: (placement) =>
      queryClient.setQueryData<Placement[]>(placementKeys.list(formId), (list) => withPlacement(list, placement)),
  });
}

export function useUpdatePlacement(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, settings }: { id: string; settings: PlacementSettings }) =>
      apiFetch<Placement>(`${placementsPath(formId)}/${encodeURIComponent(id)}`, { method: 'PUT', json: settings }),
    onSuccess: (placement) =>
      queryClient.setQueryData<Placement[]>(placementKeys.list(formId), (list) => withPlacement(list, placement)),
  });
}

export function useDeletePlacement(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`${placementsPath(formId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(() => id),
    onSuccess: (id) =>
      queryClient.setQueryData<Placement[]>(placementKeys.list(formId), (list) => (list ?? []).filter((p) => p.id !== id)),
  });
}
