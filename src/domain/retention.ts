import { z } from 'zod';

/**
 * How long a workspace keeps leads. The owner API:
 *
 *   GET /api/workspace/retention                        -> RetentionSettings
 *   PUT /api/workspace/retention  body RetentionSettings -> RetentionSettings
 *
 * A daily job deletes what is past its time. Leads with a payment are kept: payment records are
 * needed for tax.
 */

/** Unconfirmed double opt-in leads are deleted this many days after they signed up, unless the owner says otherwise. */
export const PENDING_LEAD_RETENTION_DEFAULT_DAYS = 30;

export const retentionMessages = {
  pendingDays: 'Keep unconfirmed leads for 1 to 365 days',
  allLeadsDays: 'Keep leads for 30 to 3,650 days, or without a limit',
} as const;

export const retentionSettingsSchema = z.object({
  /** Days an unconfirmed double opt-in lead is kept after signing up. */
  pendingLeadDays: z
    .number({ error: retentionMessages.pendingDays })
    .int(retentionMessages.pendingDays)
    .min(1, retentionMessages.pendingDays)
    .max(365, retentionMessages.pendingDays),
  /** Days any lead is kept after signing up; null keeps them until the owner deletes them (the default). */
  allLeadsDays: z
    .number({ error: retentionMessages.allLeadsDays })
    .int(retentionMessages.allLeadsDays)
    .min(30, retentionMessages.allLeadsDays)
    .max(3650, retentionMessages.allLeadsDays)
    .nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
