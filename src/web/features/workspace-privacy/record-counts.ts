import { recordCount } from '@/domain/data-requests';

/** "1 lead, 4 consent records" — the kinds with records only; "no records" when there are none. */
export function recordSummary(records: Record<string, number>): string {
  const parts = Object.entries(records)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => recordCount(kind, n));
  return parts.length > 0 ? parts.join(', ') : 'no records';
}
