import { SettingsScreen } from '@/web/app/settings-screen';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BILLING_NOT_CONFIGURED, type BillingOverview } from '@/domain/billing';
import { PLANS } from '@/domain/plans';
import { can } from '@/domain/team';
import { FormAlert } from '@/web/components/form-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useMe } from '@/web/features/team';
import { useSearchParams } from '@/web/lib/router';
import { useBilling, usePortal } from './api';
import { ChoosePlanCard } from './choose-plan-card';
import { formatDay } from './format';
import { UsageCard } from './usage-card';

/** How long the screen reads the plan again after coming back from Stripe (then, after Checkout, says it is late). */
const WAIT_FOR_STRIPE_MS = 120_000;

/** /settings/billing — the workspace's plan, its usage, and upgrading or managing it through Stripe. */
export function BillingPage() {
  return (
    <SettingsScreen title="Billing" subtitle="Your plan, what this workspace uses of it, and how you pay for it.">
      <BillingSections />
    </SettingsScreen>
  );
}

function BillingSections() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const [waitStarted] = useState(() => Date.now());
  const [waitedOut, setWaitedOut] = useState(false);
  const me = useMe();
  // Back from Stripe (a paid Checkout, the portal), the plan changes when Stripe's webhook arrives:
  // read it again for a while.
  const back = checkout === 'done' || params.get('from') === 'portal';
  const [paidSeen, setPaidSeen] = useState(false);
  const billing = useBilling(back && !waitedOut && !paidSeen);
  const paidFor = billing.data?.subscription !== null && billing.data?.subscription !== undefined;
  if (checkout === 'done' && paidFor && !paidSeen) setPaidSeen(true);
  const waiting = checkout === 'done' && !paidFor && !waitedOut;
  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setWaitedOut(true), Math.max(0, waitStarted + WAIT_FOR_STRIPE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [back, waitStarted]);

  if (billing.isPending || me.isPending) return <Skeleton className="h-64" />;
  if (billing.isError)
    return <ErrorState title="Could not load billing" error={billing.error} onRetry={() => void billing.refetch()} />;
  const owner = me.data ? can(me.data.workspace.role, 'billing') : false;
  const data = billing.data;
  return (
    <>
      {checkout === 'done' &&
        (paidFor ? (
          <FormAlert tone="success">Thank you! This workspace is on {PLANS[data.plan].title} now.</FormAlert>
        ) : !waiting ? (
          <FormAlert>
            Stripe has not confirmed the payment yet. Your plan changes here as soon as it does; reload this page in a few
            minutes.
          </FormAlert>
        ) : (
          <p role="status" className="flex items-center gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
            <Spinner className="size-4" /> Waiting for Stripe to confirm your payment…
          </p>
        ))}
      {checkout === 'cancelled' && <FormAlert tone="success">Checkout was cancelled: nothing was charged.</FormAlert>}
      <PlanCard billing={data} owner={owner} />
      <UsageCard billing={data} />
      {data.configured && !data.subscription && <ChoosePlanCard owner={owner} />}
    </>
  );
}

/** The current plan: what the subscription is, when it renews or ends, and the way to Stripe's portal. */
function PlanCard({ billing, owner }: { billing: BillingOverview; owner: boolean }) {
  const portal = usePortal();
  const sub = billing.subscription;
  return (
    <Card role="region" aria-labelledby="plan-heading" className="grid gap-3 p-4 sm:p-6">
      <h2 id="plan-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <CreditCard aria-hidden="true" className="size-5 text-indigo-600" />
        Your plan: {PLANS[billing.plan].title}
      </h2>
      {!billing.configured && <p className="text-sm text-gray-700">{BILLING_NOT_CONFIGURED}</p>}
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
