import { cn } from '@/web/lib/cn';
import { formatCountUs } from '@/domain/us-english';

type UsageMeterProps = {
  label: string;
  used: number;
  /** null: unlimited on this plan. */
  limit: number | null;
  /**
   * What every workspace uses of it by itself (a team's own owner takes one seat): a plan whose
   * limit is only that is as it should be at its limit, not a warning.
   */
  included?: number;
};

/** How a meter reads: red only when the workspace is over its plan, amber when what is left runs short. */
export function usageLevel({ used, limit, included = 0 }: Omit<UsageMeterProps, 'label'>): 'ok' | 'near' | 'over' {
  if (limit === null) return 'ok';
  if (used > limit) return 'over';
  const room = limit - included;
  if (room <= 0) return 'ok';
  return (used - included) / room >= 0.8 ? 'near' : 'ok';
}

/**
 * "3 of 10 used" with a bar: amber from 80% of what the plan adds, red only past the limit (pages
 * after a downgrade, held sign-ups); "12 (unlimited)" without a limit.
 */
export function UsageMeter({ label, used, limit, included = 0 }: UsageMeterProps) {
  const percent = limit === null ? 0 : limit === 0 ? 100 : Math.min(100, (100 * used) / limit);
  const level = usageLevel({ used, limit, included });
  return (
    <div className="grid gap-1">
      <div className="flex justify-between gap-3 text-sm text-gray-700">
        <span>{label}</span>
        <span>
          {limit === null ? `${formatCountUs(used)} (unlimited)` : `${formatCountUs(used)} of ${formatCountUs(limit)} used`}
          {level === 'over' && <strong className="font-semibold text-red-700"> (over your plan)</strong>}
        </span>
      </div>
      {limit !== null && (
        <div
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          data-level={level}
          className="h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className={cn(
              'h-full rounded-full',
              level === 'over' ? 'bg-red-600' : level === 'near' ? 'bg-amber-500' : 'bg-indigo-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
