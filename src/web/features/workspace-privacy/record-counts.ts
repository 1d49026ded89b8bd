import { RECORD_LABELS } from '@/domain/data-requests';

/** "2 leads, 4 consent records" — the kinds with records only; "no records" when there are none. */
export function recordSummary(records: Record<string, number>): string {
  const parts = Object.entries(records)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${RECORD_LABELS[kind as keyof typeof RECORD_LABELS] ?? kind}`);
  return parts.length > 0 ? parts.join(', ') : 'no records';
}
