import { Check } from 'lucide-react';
import { useState } from 'react';
import {
  ANNUAL_DISCOUNT_PERCENT,
  formatUsd,
  PAID_PLAN_IDS,
  planPriceCents,
  type BillingInterval,
  type PaidPlanId,
} from '@/domain/billing';
import { PLAN_IDS, planHighlights, PLANS, type PlanId } from '@/domain/plans';
import { FormAlert } from '@/web/components/form-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { useCheckout } from './api';

const INTERVAL_LABELS: Record<BillingInterval, string> = {
  month: 'Monthly',
  year: `Annual (save ${ANNUAL_DISCOUNT_PERCENT}%)`,
};

/**
 * The paid plans above the workspace's own (Pro and Business on Free), monthly or annual: each
 * button goes to Stripe Checkout. Nothing to offer on the top plan.
 */
export function ChoosePlanCard({ owner, current }: { owner: boolean; current: PlanId }) {
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useCheckout();
  const offered = PAID_PLAN_IDS.filter((id) => PLAN_IDS.indexOf(id) > PLAN_IDS.indexOf(current));
  if (offered.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="upgrade-heading" className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="upgrade-heading" className="text-lg font-semibold text-gray-900">
          Upgrade
        </h2>
        <p className="text-sm text-gray-600">
          Paid through Stripe: the plan changes as soon as the payment is confirmed. Paid plans have a 14-day money-back
          guarantee.
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Billing period</legend>
        {(['month', 'year'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="interval"
              value={value}
              checked={interval === value}
              onChange={() => setInterval(value)}
              className="size-4 accent-indigo-600"
            />
            {INTERVAL_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {offered.map((id) => (
          <PlanOption
            key={id}
            plan={id}
            interval={interval}
            disabled={!owner || checkout.isPending}
            pending={checkout.isPending && checkout.variables?.plan === id}
            onChoose={() => checkout.mutate({ plan: id, interval })}
          />
        ))}
      </div>
      {checkout.isError && <FormAlert>{checkout.error.message}</FormAlert>}
    </Card>
  );
}

function PlanOption(props: {
  plan: PaidPlanId;
  interval: BillingInterval;
  disabled: boolean;
  pending: boolean;
  onChoose: () => void;
}) {
  const plan = PLANS[props.plan];
  const price = planPriceCents(props.plan, props.interval);
  return (
    <div className={cn('grid gap-3 rounded-lg border p-4', plan.popular ? 'border-indigo-300' : 'border-gray-200')}>
      <h3 className="text-base font-semibold text-gray-900">{plan.title}</h3>
      <p className="text-sm text-gray-700">
        <span className="text-2xl font-bold text-gray-900">{formatUsd(price)}</span>{' '}
        {props.interval === 'year' ? `a year (${formatUsd(price / 12)} a month)` : 'a month'}
      </p>
      <ul className="grid gap-1 text-sm text-gray-700">
        {planHighlights(plan).map((line) => (
          <li key={line} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            {line}
          </li>
        ))}
      </ul>
      <Button disabled={props.disabled} onClick={props.onChoose}>
        {props.pending && <Spinner />}
        Upgrade to {plan.title}
      </Button>
    </div>
  );
}
