import { Banknote } from 'lucide-react';
import type { FormDetail } from '@/domain/forms-api';
import { formatMoney } from '@/domain/money';
import { ERASED_PAYER, PROVIDER_NAMES } from '@/domain/payment-providers';
import type { PaymentRow, Revenue } from '@/domain/payments';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormPayments } from '@/web/features/payments';
import { cn } from '@/web/lib/cn';
import { formatDateTime, formatRevenue } from './format';
import { EmptyTableState, PagedTableCard } from './paged-table';
import { PaymentReference, PaymentStatusBadge } from './payment-cells';
import { CELL, Empty, LABELLED, ROW, When } from './table-parts';

const COLUMNS = ['Date', 'Email', 'Order', 'Provider', 'Net', 'Tax', 'Total', 'Discount', 'Status', 'Reference'] as const;
const MONEY_COLUMNS: ReadonlySet<string> = new Set(['Net', 'Tax', 'Total', 'Discount']);

type FormPaymentsCardProps = {
  formId: string;
  form: FormDetail | undefined;
  /** Money taken on this page, per currency; undefined while the analytics load, null if they failed. */
  revenue: Revenue[] | null | undefined;
};

/** The form's payments, newest first, with "Load more"; shown for a paid page, or once there are payments. */
export function FormPaymentsCard({ formId, form, revenue }: FormPaymentsCardProps) {
  const list = useFormPayments(formId);
  const payments = list.data?.pages.flatMap((page) => page.items) ?? [];
  const paidPage = form?.published?.payment.enabled ?? false;
  if (!paidPage && payments.length === 0 && !revenue?.length) return null;

  return (
    <PagedTableCard
      title="Payments"
      subtitle={<RevenueLine revenue={revenue} />}
      list={list}
      count={payments.length}
      what="payments"
      empty={
        <EmptyTableState icon={Banknote} title="No payments yet.">
          Every payment a visitor starts on this page shows up here.
        </EmptyTableState>
      }
      columns={COLUMNS}
      alignRight={(column) => MONEY_COLUMNS.has(column)}
      minWidth="sm:min-w-[64rem]"
      skeleton={<SkeletonRows />}
    >
      {payments.map((payment) => (
        <PaymentTableRow key={payment.id} payment={payment} />
      ))}
    </PagedTableCard>
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

const MONEY = 'tabular-nums sm:text-right';

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
        <span
          className={cn('block break-all sm:max-w-[16rem] sm:truncate sm:break-normal', !payment.email && 'text-gray-500 italic')}
          title={payment.email ?? ERASED_PAYER}
        >
          {payment.email ?? ERASED_PAYER}
        </span>
      </th>
      <td data-label="Order" className={cn(CELL, LABELLED, 'tabular-nums')}>
        {payment.orderNumber}
      </td>
      <td data-label="Provider" className={cn(CELL, LABELLED)}>
        {PROVIDER_NAMES[payment.provider]}
      </td>
      <td data-label="Net" className={cn(CELL, LABELLED, MONEY)}>
        {formatMoney(payment.netAmount, payment.currency)}
      </td>
      <td data-label="Tax" className={cn(CELL, LABELLED, MONEY)}>
        {payment.taxAmount === null ? (
          <span className="text-gray-500" title="PayPal does not calculate tax">
            Not calculated
          </span>
        ) : (
          formatMoney(payment.taxAmount, payment.currency)
        )}
      </td>
      <td data-label="Total" className={cn(CELL, LABELLED, MONEY, 'font-medium text-gray-900')}>
        {formatMoney(payment.totalAmount, payment.currency)}
      </td>
      <td data-label="Discount" className={cn(CELL, LABELLED, MONEY)}>
        {payment.discountAmount > 0 || payment.promotionCode ? (
          <span className="flex flex-col items-end">
            <span>{formatMoney(payment.discountAmount, payment.currency)}</span>
            {payment.promotionCode && <span className="font-mono text-xs text-gray-600">{payment.promotionCode}</span>}
          </span>
        ) : (
          <Empty />
        )}
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
        <td key={column} className={cn(CELL, j === 1 && 'max-sm:col-span-2', j >= 4 && 'max-sm:hidden')}>
          <Skeleton className={cn('h-4', j === 1 ? 'w-44' : 'w-16')} />
          {i === 0 && j === 0 && <span className="sr-only">Loading payments...</span>}
        </td>
      ))}
    </tr>
  ));
}
