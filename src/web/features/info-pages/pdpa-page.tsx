import { Link } from 'react-router';
import { InfoPageLayout } from './info-page-layout';
import { Prose } from './prose';

export function PdpaPage() {
  return (
    <InfoPageLayout
      title="PDPA (Singapore)"
      description="How Lodestone supports your obligations under Singapore's Personal Data Protection Act."
    >
      <Prose>
        <p>
          Under the PDPA, Lodestone acts as your data intermediary. We process personal data only on your behalf and for the
          purposes you set, protect it with reasonable security arrangements, and help you respond to access and correction
          requests.
        </p>
        <p>
          Our obligations are set out in the <Link to="/pdpa-agreement">PDPA Agreement</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
