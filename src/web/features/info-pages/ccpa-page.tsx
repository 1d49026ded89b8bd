import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function CcpaPage() {
  return (
    <InfoPageLayout
      title="CCPA Compliance"
      description="How Lodestone supports your obligations under the California Consumer Privacy Act."
    >
      <Prose>
        <p>
          Under the CCPA, Lodestone acts as your service provider. We process California consumers&apos; personal information only
          to run your landing pages, we do not sell it, and we help you answer requests to know about or delete a consumer&apos;s
          data.
        </p>
        <p>
          The details are in our <Link to="/ccpa-addendum">CCPA Addendum</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
