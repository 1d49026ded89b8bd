import { Link } from '@/web/lib/router';
import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { ContactUs, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function PdpaPage() {
  return (
    <InfoPageLayout
      title="PDPA (Singapore)"
      description="How Lodestone supports your obligations under Singapore's Personal Data Protection Act 2012."
    >
      <Prose>
        <p>
          Under Singapore&apos;s Personal Data Protection Act 2012 (PDPA), you are the <strong>organisation</strong> that collects
          personal data through your landing pages, and Lodestone is your <strong>data intermediary</strong>: we process personal
          data only on your behalf and for your purposes. Our <Link to={AGREEMENTS.pdpa.path}>{AGREEMENTS.pdpa.title}</Link> is
          the written contract the PDPA expects between you, and applies to every customer automatically.
        </p>

        <h2>The obligations we carry as your data intermediary</h2>
        <ul>
          <li>
            <strong>Protection.</strong> We make reasonable security arrangements against unauthorised access, collection, use,
            disclosure, copying, modification, disposal and loss: encryption in transit, signed links, hashed codes, rate limits,
            and strict separation between customers&apos; workspaces.
          </li>
          <li>
            <strong>Retention limitation.</strong> We keep your visitors&apos; data only as long as you keep the page it came
            from, and delete it when you delete the page, when the retention period you set runs out, or when you erase a person
            on Privacy &amp; data.
          </li>
          <li>
            <strong>Data breach notification.</strong> If we have reason to believe a data breach has occurred, we notify you
            without undue delay, so that you can assess it and, where it is notifiable, tell the PDPC and affected individuals
            within the PDPA&apos;s deadlines.
          </li>
        </ul>

        <h2>What Lodestone does for your own obligations</h2>
        <ul>
          <li>
            <strong>Consent and notification.</strong> Turn on the consent checkbox and each visitor&apos;s consent is recorded
            word for word, with its time; double opt-in confirms each address.
          </li>
          <li>
            <strong>Purpose limitation.</strong> You decide which fields to collect; the email address is the only one required.
          </li>
          <li>
            <strong>Access and correction.</strong> On <Link to="/dashboard/privacy">Privacy &amp; data</Link>, enter a
            person&apos;s email address to download everything your workspace holds about them as one JSON file, or to erase it
            from all your pages (payment records required for tax are kept without their identity). Each request is logged with a
            receipt, on every plan. For a correction you cannot make yourself, use <ContactUs />.
          </li>
          <li>
            <strong>Transfer limitation.</strong> Where data is transferred outside Singapore, our sub-processors are bound to a
            standard of protection comparable to the PDPA.
          </li>
          <li>
            <strong>Do Not Call.</strong> If your form collects phone numbers for marketing, checking them against the DNC
            Registry remains your responsibility.
          </li>
        </ul>

        <h2>Sub-processors</h2>
        <SubProcessorTable />

        <p>
          Read the full <Link to={AGREEMENTS.pdpa.path}>{AGREEMENTS.pdpa.title}</Link> and our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
