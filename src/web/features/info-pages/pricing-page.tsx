import { Check } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { formatPlanPrice, PLAN_LIST, planHighlights, planPeriod, type Plan } from '@/domain/plans';
import { PRICING_FAQ } from '@/domain/pricing';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { InfoPageLayout } from './info-page-layout';

export function PricingPage() {
  return (
    <InfoPageLayout wide title="Pricing" description="Simple, transparent plans that grow with your audience.">
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <ul className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-3 lg:items-stretch">
          {PLAN_LIST.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-gray-700">
          Prices are in US dollars. See every feature side by side on the{' '}
          <Link to="/features" className="font-medium text-indigo-700 underline underline-offset-4">
            Features
          </Link>{' '}
          page.
        </p>
      </section>

      <section aria-labelledby="faq-heading" className="mt-20">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-gray-900">
          Frequently Asked Questions
        </h2>
        <dl className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-2">
          {PRICING_FAQ.map(({ question, answer }) => (
            <div key={question} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <dt className="text-base font-semibold text-gray-900">{question}</dt>
              <dd className="mt-2 text-base leading-7 text-gray-700">{answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </InfoPageLayout>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex w-full flex-col rounded-2xl border bg-white p-8 shadow-sm',
        plan.popular ? 'border-indigo-600 shadow-lg ring-1 ring-indigo-600' : 'border-gray-200',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-gray-900">
        {plan.title}
      </h3>
      <p className="mt-2 text-sm leading-6 text-gray-700">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1.5">
        <span className="text-5xl font-bold tracking-tight text-gray-900">{formatPlanPrice(plan)}</span>
        <span className="text-sm font-medium text-gray-700">{planPeriod(plan)}</span>
      </p>
      <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'} className="mt-8 w-full">
        <Link to={plan.cta.href} aria-describedby={headingId}>
          {plan.cta.label}
        </Link>
      </Button>
      <ul className="mt-8 space-y-3 text-sm leading-6 text-gray-700">
        {planHighlights(plan).map((item) => (
          <li key={item} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            {item}
          </li>
        ))}
      </ul>
    </article>
  );
}
