import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings } from '@/domain/retention';
import { apiFetch } from '@/web/lib/api';

/** Client side of the workspace's retention settings (contract in src/domain/retention.ts). */

export const privacyKeys = { retention: ['workspace', 'retention'] as const };

const RETENTION_PATH = '/api/workspace/retention';

export const useRetentionSettings = () =>
  useQuery({ queryKey: privacyKeys.retention, queryFn: () => apiFetch<RetentionSettings>(RETENTION_PATH) });

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) => apiFetch<RetentionSettings>(RETENTION_PATH, { method: 'PUT', json: settings }),
    onSuccess: (settings) => queryClient.setQueryData(privacyKeys.retention, settings),
  });
}
