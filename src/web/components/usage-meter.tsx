import { cn } from '@/web/lib/cn';

const count = (n: number) => n.toLocaleString('en-US');

/** "3 of 10 used" with a bar (amber from 80%, red when full); "12 (unlimited)" without a limit. */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const percent = limit === null ? 0 : limit === 0 ? 100 : Math.min(100, (100 * used) / limit);
  return (
    <div className="grid gap-1">
      <div className="flex justify-between gap-3 text-sm text-gray-700">
        <span>{label}</span>
        <span>{limit === null ? `${count(used)} (unlimited)` : `${count(used)} of ${count(limit)} used`}</span>
      </div>
      {limit !== null && (
        <div
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          className="h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className={cn(
              'h-full rounded-full',
              percent >= 100 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-indigo-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
