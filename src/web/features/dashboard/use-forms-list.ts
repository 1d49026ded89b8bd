import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FormsListStatus } from '@/domain/forms-api';
import { fetchFormsPage, formKeys } from '@/web/features/forms';

/** 'deleted' shows Recently deleted, and only it. */
export type StatusFilter = FormsListStatus;
export type FormsFilter = { status: StatusFilter; q: string };

/**
 * The owner's forms, 50 at a time (keyset pagination: each page carries the cursor of the next).
 * The key sits under `formKeys.all`, so every forms mutation refreshes it. While the filter changes
 * the previous rows stay on screen.
 */
export function useFormsList(filter: FormsFilter) {
  return useInfiniteQuery({
    queryKey: [...formKeys.all, 'list-pages', filter] as const,
    queryFn: ({ pageParam }) => fetchFormsPage({ status: filter.status, q: filter.q, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
