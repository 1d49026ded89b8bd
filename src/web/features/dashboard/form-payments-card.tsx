import { Banknote } from 'lucide-react';
import { useId } from 'react';
import type { FormDetail } from '@/domain/forms-api';
import { formatMoney } from '@/domain/money';
import { PROVIDER_NAMES, type PaymentRow, type Revenue } from '@/domain/payments';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useFormPayments } from '@/web/features/payments/api';
import { cn } from '@/web/lib/cn';
import { formatCount, formatDateTime, formatRevenue } from './format';
import { PaymentReference, PaymentStatusBadge } from './payment-cells';
import { CELL, Empty, LABELLED, ROW, When } from './table-parts';

const COLUMNS = ['Date', 'Email', 'Provider', 'Amount', 'Status', 'Reference'] as const;

type FormPaymentsCardProps = {
  formId: string;
  form: FormDetail | undefined;
  /** Money taken on this page, per currency; undefined while the analytics load, null if they failed. */
  revenue: Revenue[] | null | undefined;
};

/** The form's payments, newest first, with "Load more"; shown for a paid page, or once there are payments. */
export function FormPaymentsCard({ formId, form, revenue }: FormPaymentsCardProps) {
  const headingId = useId();
  const list = useFormPayments(formId);
  const payments = list.data?.pages.flatMap((page) => page.items) ?? [];
  const paidPage = form?.published?.payment.enabled ?? false;
  if (!paidPage && payments.length === 0 && !revenue?.length) return null;

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 p-4 sm:p-6">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-tight font-semibold text-gray-900">
            Payments
          </h2>
          <RevenueLine revenue={revenue} />
        </div>
        {payments.length > 0 && (
          <p className="text-sm text-gray-600">
            Newest first · {formatCount(payments.length)} shown{list.hasNextPage ? ', more below' : ''}
          </p>
        )}
      </div>

      {list.isError && !list.data ? (
        <div className="px-4 pb-4 sm:px-6 sm:pb-6">
          <ErrorState
            title="Could not load the payments"
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
          />
        </div>
      ) : !list.isPending && payments.length === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t border-gray-200 px-4 py-12 text-center">
          <Banknote aria-hidden="true" className="size-8 text-gray-400" />
          <p className="font-medium text-gray-900">No payments yet.</p>
          <p className="max-w-md text-sm text-gray-700">Every payment a visitor starts on this page shows up here.</p>
        </div>
      ) : (
        <div
          role="region"
          aria-labelledby={headingId}
          tabIndex={0}
          className="overflow-x-auto border-t border-gray-200 focus-visible:outline-offset-[-2px]"
        >
          <table aria-labelledby={headingId} aria-busy={list.isPending} className="w-full text-sm max-sm:block sm:min-w-[48rem]">
            <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase max-sm:hidden">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn('px-4 py-3 whitespace-nowrap lg:first:pl-6 lg:last:pr-6', column === 'Amount' && 'text-right')}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 max-sm:block">
              {list.isPending ? (
                <SkeletonRows />
              ) : (
                payments.map((payment) => <PaymentTableRow key={payment.id} payment={payment} />)
              )}
            </tbody>
          </table>
        </div>
      )}

      {list.hasNextPage && (
        <div className="flex flex-col items-center gap-2 border-t border-gray-200 p-4">
          {list.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              Could not load more payments. {list.error?.message}
            </p>
          )}
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage && <Spinner />}
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </Card>
  );
}

function RevenueLine({ revenue }: { revenue: Revenue[] | null | undefined }) {
  if (revenue === null) return null;
  if (revenue === undefined) return <Skeleton className="mt-2 h-4 w-40" />;
  return (
    <p className="mt-1 text-sm text-gray-700">
      {revenue.length > 0 ? (
        <>
          <span className="font-medium text-gray-900">Revenue:</span>{' '}
          <span className="tabular-nums">{formatRevenue(revenue)}</span>
        </>
      ) : (
        'No payments yet'
      )}
    </p>
  );
}

/** The date column shows when the payment was started; its tooltip, when it was paid and refunded. */
function paymentTitle(payment: PaymentRow): string {
  const parts = [`Started ${formatDateTime(payment.createdAt)}`];
  if (payment.paidAt) parts.push(`paid ${formatDateTime(payment.paidAt)}`);
  if (payment.refundedAt) parts.push(`refunded ${formatDateTime(payment.refundedAt)}`);
  return parts.join(', ');
}

function PaymentTableRow({ payment }: { payment: PaymentRow }) {
  return (
    <tr className={ROW}>
      <td data-label="Date" className={cn(CELL, LABELLED, 'lg:pl-6')}>
        <When iso={payment.createdAt} title={paymentTitle(payment)} />
      </td>
      <th
        scope="row"
        className="px-4 py-3 text-left align-top font-medium text-gray-900 max-sm:col-span-2 max-sm:row-start-1 max-sm:block max-sm:p-0"
      >
        <span className="block break-all sm:max-w-[16rem] sm:truncate sm:break-normal" title={payment.email}>
          {payment.email}
        </span>
      </th>
      <td data-label="Provider" className={cn(CELL, LABELLED)}>
        {PROVIDER_NAMES[payment.provider]}
      </td>
      <td data-label="Amount" className={cn(CELL, LABELLED, 'font-medium text-gray-900 tabular-nums sm:text-right')}>
        {formatMoney(payment.amount, payment.currency)}
      </td>
      <td data-label="Status" className={cn(CELL, LABELLED)}>
        <PaymentStatusBadge status={payment.status} />
      </td>
      <td data-label="Reference" className={cn(CELL, LABELLED, 'lg:pr-6')}>
        {payment.reference ? <PaymentReference reference={payment.reference} /> : <Empty />}
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, i) => (
    <tr key={i} className={ROW}>
      {COLUMNS.map((column, j) => (
        <td key={column} className={cn(CELL, j === 1 && 'max-sm:col-span-2', j >= 3 && 'max-sm:hidden')}>
          <Skeleton className={cn('h-4', j === 1 ? 'w-44' : 'w-16')} />
          {i === 0 && j === 0 && <span className="sr-only">Loading payments...</span>}
        </td>
      ))}
    </tr>
  ));
}
