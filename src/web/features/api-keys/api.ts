import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, ApiKeySummary, CreateApiKeyBody, CreatedApiKey } from '@/domain/api-keys';
import { apiFetch } from '@/web/lib/api';

/** Client side of the owner API for API keys (contract in src/domain/api-keys.ts). */

export const apiKeysQueryKey = ['api-keys'] as const;
const KEYS = apiKeysQueryKey;
const PATH = '/api/api-keys';

export const useApiKeys = () => useQuery({ queryKey: KEYS, queryFn: () => apiFetch<ApiKeyList>(PATH) });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiFetch<CreatedApiKey>(PATH, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKeySummary>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
