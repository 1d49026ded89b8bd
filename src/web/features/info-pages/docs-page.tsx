import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function DocsPage() {
  return (
    <InfoPageLayout title="Documentation" description="Guides and references for everything Lodestone can do.">
      <Prose>
        <p>
          The documentation walks you through building a form, configuring its settings, delivering files, reading your analytics
          and managing your team. It also covers integrations, the API and webhooks, and how Lodestone helps you meet GDPR, CCPA
          and PDPA obligations.
        </p>
        <p>
          Looking for a quick answer instead? Visit the <Link to="/help">Help Center</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
