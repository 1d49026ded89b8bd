import { SettingsScreen } from '@/web/app/settings-screen';
import { useEffect, useState } from 'react';
import { PLANS } from '@/domain/plans';
import { can } from '@/domain/team';
import { FormAlert } from '@/web/components/form-alert';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useMe } from '@/web/features/team';
import { useSearchParams } from '@/web/lib/router';
import { useBilling } from './api';
import { ChoosePlanCard } from './choose-plan-card';
import { PlanCard } from './plan-card';
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
      {data.configured && !data.subscription && <ChoosePlanCard owner={owner} current={data.plan} />}
    </>
  );
}
