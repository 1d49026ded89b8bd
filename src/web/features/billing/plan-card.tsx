import { CreditCard } from 'lucide-react';
import { BILLING_NOT_CONFIGURED, type BillingOverview } from '@/domain/billing';
import { PLANS } from '@/domain/plans';
import { FormAlert } from '@/web/components/form-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Link } from '@/web/lib/router';
import { usePortal } from './api';
import { formatDay } from './format';

/**
 * The current plan: what the subscription is, when it renews or ends, and the way to Stripe's portal;
 * or that Lodestone's team set it, in the same words as the plan card (nextInvoiceText).
 */
export function PlanCard({ billing, owner }: { billing: BillingOverview; owner: boolean }) {
  const portal = usePortal();
  const sub = billing.subscription;
  return (
    <Card role="region" aria-labelledby="plan-heading" className="grid gap-3 p-4 sm:p-6">
      <h2 id="plan-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <CreditCard aria-hidden="true" className="size-5 text-indigo-600" />
        Your plan: {PLANS[billing.plan].title}
      </h2>
      {billing.planSetBy === 'team' ? (
        <p className="text-sm text-gray-700">
          Lodestone’s team set this plan for your workspace, outside online billing: nothing is charged for it. To change it,{' '}
          <Link to="/contact" className="font-semibold text-indigo-700 underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
      ) : (
        !billing.configured && <p className="text-sm text-gray-700">{BILLING_NOT_CONFIGURED}</p>
      )}
      {sub && (
        <p className="text-sm text-gray-700">
          {PLANS[sub.plan].title}, billed {sub.interval === 'year' ? 'annually' : 'monthly'}.{' '}
          {sub.currentPeriodEnd &&
            (sub.cancelAtPeriodEnd
              ? `Cancelled: it stays ${PLANS[sub.plan].title} until ${formatDay(sub.currentPeriodEnd)}, then moves to Free.`
              : `Renews on ${formatDay(sub.currentPeriodEnd)}.`)}
        </p>
      )}
      {sub?.graceEndsAt && (
        <FormAlert>
          Your last payment failed. Update your card by {formatDay(sub.graceEndsAt)} to keep {PLANS[sub.plan].title}; after that
          the workspace moves to Free. Your pages and leads are kept either way.
        </FormAlert>
      )}
      {billing.configured && billing.hasCustomer && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" disabled={!owner || portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending && <Spinner />}
            Manage billing
          </Button>
          <span className="text-sm text-gray-600">Card, invoices, plan changes and cancelling, at Stripe.</span>
        </div>
      )}
      {portal.isError && <FormAlert>{portal.error.message}</FormAlert>}
      {billing.configured && !owner && <p className="text-sm text-gray-600">Only the workspace’s owners can change its plan.</p>}
    </Card>
  );
}
