import { z } from 'zod';

/**
 * PUT /api/forms/editable (src/domain/plan-usage.ts): apart from plan-usage.ts, so the dashboard,
 * which reads plan usage and validates nothing, does not load zod.
 */
export const keepPagesBodySchema = z.object({
  /** The pages to keep editing: at least one, at most the plan's number. */
  keep: z.array(z.string().max(100)).min(1, 'Choose at least one page to keep editing').max(1000),
});
export type KeepPagesBody = z.infer<typeof keepPagesBodySchema>;
