import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function FeaturesPage() {
  return (
    <InfoPageLayout title="Features" description="Everything you need to turn a PDF into a steady stream of qualified leads.">
      <Prose>
        <p>
          Lodestone gives you beautiful form templates, automatic delivery of your lead magnet, consent checkboxes for GDPR, CCPA
          and PDPA, analytics for every page, custom domains and email integration. Start from a template, upload your PDF and
          publish in minutes.
        </p>
        <p>
          Ready to try it? <Link to="/page-creator">Create your first form</Link> or <Link to="/pricing">compare our plans</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
