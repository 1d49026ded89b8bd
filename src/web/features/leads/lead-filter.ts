import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/web/lib/router';

/**
 * The leads filter lives in the address (?q=&form=&status=&from=&to=&utmSource=), so a filtered
 * list can be shared and the back button steps through filters. Values are passed to the API as
 * they stand: a hand-edited bad date is the server's to refuse, and its message is shown.
 */
export const LEAD_FILTER_KEYS = ['q', 'form', 'status', 'from', 'to', 'utmSource'] as const;
export type LeadFilterKey = (typeof LEAD_FILTER_KEYS)[number];
export type LeadFilter = Partial<Record<LeadFilterKey, string>>;

export function filterFrom(params: URLSearchParams): LeadFilter {
  const filter: LeadFilter = {};
  for (const key of LEAD_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}

export function useLeadFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFrom(params), [params]);

  /** Sets (or, with '', removes) one value; typing replaces the history entry, a choice adds one. */
  const setFilter = useCallback(
    (key: LeadFilterKey, value: string, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const clearFilter = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const filtered = Object.keys(filter).length > 0;
  return { filter, filtered, setFilter, clearFilter, search: params.toString() };
}
