import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS, queryRetryDelay } from '@/domain/ui-defaults';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: QUERY_DEFAULTS.queryRetries,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}
