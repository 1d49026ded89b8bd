import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function HelpPage() {
  return (
    <InfoPageLayout title="Help Center" description="Answers to common questions about building and publishing your forms.">
      <Prose>
        <p>
          New to Lodestone? Create a form from a template, upload your lead magnet, set up payment, tracking and compliance
          options, then publish and share your link. Each step is explained in our <Link to="/docs">documentation</Link>.
        </p>
        <p>Can&apos;t find what you need? Our support team answers questions about forms, your account and billing by email.</p>
      </Prose>
    </InfoPageLayout>
  );
}
