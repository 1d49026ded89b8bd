import type { LeadPayment, LeadStatus } from '@/domain/forms-api';
import { Badge } from '@/web/components/ui/badge';
import { PaymentStatusBadge } from '@/web/features/dashboard';

/** Confirmed or pending, and the latest payment's state on paid pages. */
export function LeadStatusBadges({ status, payment }: { status: LeadStatus; payment: Pick<LeadPayment, 'status'> | null }) {
  const confirmed = status === 'verified';
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge variant={confirmed ? 'success' : 'warning'}>{confirmed ? 'Confirmed' : 'Pending'}</Badge>
      {payment && <PaymentStatusBadge status={payment.status} />}
    </span>
  );
}
