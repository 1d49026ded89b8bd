import { QUERY_DEFAULTS } from '@/domain/ui-defaults';
import { ApiError } from '@/web/lib/api';

/**
 * The 3 retries of docs/product.md#client-defaults, but none for an answer that will not change by asking again:
 * 401 (signed out) or 404 (not yours, or deleted) show at once instead of after ~7 seconds.
 */
export function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_DEFAULTS.queryRetries;
}
