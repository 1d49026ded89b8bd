import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function PricingPage() {
  return (
    <InfoPageLayout title="Pricing" description="Simple, transparent plans that grow with your audience.">
      <Prose>
        <p>
          Start on the Free plan with 3 forms and 100 submissions a month. Move to Pro at $29 per month for unlimited forms,
          10,000 submissions, advanced analytics and a custom domain, or to Business at $99 per month for unlimited submissions,
          API access and a dedicated account manager.
        </p>
        <p>
          Billing is month to month with no contract, and paid plans come with a 14-day money-back guarantee.{' '}
          <Link to="/page-creator">Get started for free</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
