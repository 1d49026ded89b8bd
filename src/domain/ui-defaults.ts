/** Client-side defaults (docs/product.md#client-defaults): data fetching, header, tooltips, toasts. */

export const HEADER_SCROLL_THRESHOLD_PX = 10;

export const QUERY_DEFAULTS = {
  staleTimeMs: 60_000,
  gcTimeMs: 300_000,
  queryRetries: 3,
  mutationRetries: 0,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
} as const;

/** 1 s doubled per attempt, capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** attempt, QUERY_DEFAULTS.retryMaxDelayMs);
}

export const TOOLTIP_DEFAULTS = { delayDurationMs: 700, skipDelayDurationMs: 300, sideOffset: 4 } as const;

export const TOAST_DEFAULTS = {
  visibleToasts: 3,
  durationMs: 4_000,
  hotkey: ['altKey', 'KeyT'],
} as const;
