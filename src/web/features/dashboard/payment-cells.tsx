import type { LeadPayment } from '@/domain/forms-api';
import { formatMoney } from '@/domain/money';
import { PROVIDER_NAMES, type PaymentStatus } from '@/domain/payment-providers';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';

const STATUS_BADGES: Record<PaymentStatus, { label: string; variant: 'warning' | 'success' | 'neutral' | 'danger' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'neutral' },
  refunded: { label: 'Refunded', variant: 'danger' },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, variant } = STATUS_BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** The provider's id for the payment, shortened on screen; the whole of it in the tooltip and to screen readers. */
export function PaymentReference({ reference, className }: { reference: string; className?: string }) {
  return (
    <span title={reference} className={cn('block max-w-[11rem] truncate font-mono text-xs text-gray-600', className)}>
      {reference}
    </span>
  );
}

/** A lead's payment in one cell: amount and provider, status, reference. */
export function LeadPaymentSummary({ payment }: { payment: LeadPayment }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">
        <span className="font-medium text-gray-900 tabular-nums">{formatMoney(payment.amount, payment.currency)}</span>
        <span className="text-gray-600"> · {PROVIDER_NAMES[payment.provider]}</span>
      </span>
      <PaymentStatusBadge status={payment.status} />
      {payment.reference && <PaymentReference reference={payment.reference} />}
    </span>
  );
}
