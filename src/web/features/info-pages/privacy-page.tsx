import { InfoPageLayout } from './info-page-layout';
import { LastUpdated, Prose } from './prose';

export function PrivacyPage() {
  return (
    <InfoPageLayout title="Privacy Policy" description="How we collect, use and protect your personal data.">
      <Prose>
        <LastUpdated />
        <p>
          We collect the information you give us when you create an account, such as your name and email address, and the data
          your landing pages collect from visitors on your behalf. For your visitors&apos; data we act as a data processor: you
          decide what is collected and why, and we store and process it only to provide the service.
        </p>
        <p>You can export your data as CSV or JSON at any time, and you can ask us to delete it. We never sell personal data.</p>
      </Prose>
    </InfoPageLayout>
  );
}
