import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS, queryRetryDelay } from '@/domain/ui-defaults';
import { retryUnlessClientError } from './query-retry';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: retryUnlessClientError,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}
