import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function GdprPage() {
  return (
    <InfoPageLayout title="GDPR Compliance" description="How Lodestone helps you meet the EU General Data Protection Regulation.">
      <Prose>
        <p>
          Under the GDPR you are the data controller for the leads you collect and Lodestone is your data processor. Our forms
          include consent checkboxes, support double opt-in, and let you export or delete a person&apos;s data when they ask. Data
          is stored in EU data centres.
        </p>
        <p>
          Our <Link to="/dpa">Data Processing Agreement</Link> sets out our commitments as your processor.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
