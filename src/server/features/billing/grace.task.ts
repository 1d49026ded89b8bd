import type { Task } from 'graphile-worker';
import type { BillingDeps } from './apply.js';
import { endGracePeriods } from './billing.js';

export const END_GRACE_PERIODS_TASK = 'end_grace_periods';
/** Hourly at :23: a grace period ends within the hour it is due. */
export const END_GRACE_PERIODS_CRONTAB = `23 * * * * ${END_GRACE_PERIODS_TASK}`;

export function endGracePeriodsTask(deps: BillingDeps): Task {
  return async (_payload, helpers) => {
    const ended = await endGracePeriods(deps);
    if (ended > 0) helpers.logger.info(`moved ${ended} workspaces whose renewal kept failing to Free`);
  };
}
