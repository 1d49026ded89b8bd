/** "December 27, 2026" (shared with the plan's sentences in src/domain/billing.ts). */
export { formatDay } from '@/domain/billing';
