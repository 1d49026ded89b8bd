import { Wallet } from 'lucide-react';
import { useId } from 'react';
import { formatMoney } from '@/domain/money';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormStats } from '@/web/features/forms';
import { cn } from '@/web/lib/cn';

/**
 * Money taken on paid pages, one line per currency (amounts in different currencies do not add up).
 * Shares the statistics query: when it fails, the stat cards above already say so.
 */
export function RevenueCard() {
  const headingId = useId();
  const { data, isPending, isError } = useFormStats();
  if (isError) return null;
  const revenue = data?.revenue ?? [];

  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      <Card
        role="region"
        aria-labelledby={headingId}
        aria-busy={isPending}
        className="flex items-start justify-between gap-3 p-4 sm:p-6"
      >
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-medium text-gray-700">
            Revenue
          </h2>
          {isPending ? (
            <>
              {/* The height of "No payments yet", what most workspaces see: nothing moves when it comes. */}
              <Skeleton className="mt-1 h-7 w-24" />
              <span className="sr-only">Loading revenue...</span>
            </>
          ) : revenue.length === 0 ? (
            <p className="mt-1 text-lg font-semibold text-gray-900">No payments yet</p>
          ) : (
            <ul className="mt-1 grid gap-0.5">
              {revenue.map(({ amount, currency }) => (
                <li key={currency} className="flex items-baseline gap-1.5">
                  <span
                    className={cn(
                      'font-bold tracking-tight text-gray-900 tabular-nums',
                      revenue.length === 1 ? 'text-2xl sm:text-3xl' : 'text-xl',
                    )}
                  >
                    {formatMoney(amount, currency)}
                  </span>
                  <span className="text-xs font-medium text-gray-600">{currency}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 text-xs text-gray-600">Paid, minus refunds · all forms</p>
        </div>
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700 sm:flex">
          <Wallet aria-hidden="true" className="size-5" />
        </span>
      </Card>
    </div>
  );
}
