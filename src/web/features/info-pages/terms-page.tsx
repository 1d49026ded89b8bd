import { InfoPageLayout } from './info-page-layout';
import { LastUpdated, Prose } from './prose';

export function TermsPage() {
  return (
    <InfoPageLayout title="Terms of Service" description="The agreement between you and Lodestone when you use our service.">
      <Prose>
        <LastUpdated />
        <p>
          By creating an account you agree to use Lodestone lawfully, to collect visitor data only with a valid legal basis, and
          to publish only content you have the right to distribute. You remain the owner of your pages, files and leads.
        </p>
        <p>
          We may update these terms from time to time. We will give you at least 30 days&apos; notice before any material change
          takes effect.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
