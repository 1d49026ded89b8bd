import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { AgreementScope, ContactUs, SecurityMeasures, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function PdpaAgreementPage() {
  return (
    <InfoPageLayout
      title={AGREEMENTS.pdpa.title}
      description="The written terms under which Lodestone processes personal data as your data intermediary under Singapore's PDPA."
      trail={[{ label: 'PDPA (Singapore)', to: '/pdpa' }]}
    >
      <Prose>
        <AgreementScope>
          This agreement is between you, the customer (&ldquo;Customer&rdquo;, the organisation), and Lodestone (the data
          intermediary) under Singapore&apos;s Personal Data Protection Act 2012 (the &ldquo;PDPA&rdquo;).
        </AgreementScope>

        <h2>1. Definitions</h2>
        <p>
          &ldquo;Personal data&rdquo;, &ldquo;organisation&rdquo;, &ldquo;data intermediary&rdquo; and &ldquo;data breach&rdquo;
          have the meanings the PDPA gives them; &ldquo;PDPC&rdquo; is the Personal Data Protection Commission. &ldquo;Customer
          Personal Data&rdquo; is personal data Lodestone processes on Customer&apos;s behalf in providing the service.
        </p>

        <h2>2. Processing on Customer&apos;s behalf</h2>
        <p>
          Lodestone processes Customer Personal Data only on behalf of and for the purposes of Customer, as set out in the Terms
          of Service and by the way Customer configures its landing pages: collecting and storing submissions and consent records,
          verifying email addresses, delivering files, counting page views, taking payments through Customer&apos;s own payment
          accounts, and showing Customer its results.
        </p>

        <h2>3. Protection obligation</h2>
        <p>
          Lodestone protects Customer Personal Data in its possession or under its control by making reasonable security
          arrangements to prevent unauthorised access, collection, use, disclosure, copying, modification, disposal or similar
          risks, and the loss of any storage medium on which it is stored, including the measures in the Annex.
        </p>

        <h2>4. Retention limitation</h2>
        <p>
          Lodestone keeps Customer Personal Data only as long as it is needed to provide the service to Customer. It deletes a
          landing page&apos;s data when Customer deletes the page or instructs it to, and all remaining Customer Personal Data
          within 30 days after the service ends, unless the law requires otherwise.
        </p>

        <h2>5. Data breach notification</h2>
        <p>
          Where Lodestone has reason to believe that a data breach has occurred in relation to Customer Personal Data, it notifies
          Customer without undue delay, and gives Customer the information it needs to assess whether the breach is notifiable and
          to notify the PDPC and affected individuals within the PDPA&apos;s deadlines.
        </p>

        <h2>6. Transfers outside Singapore</h2>
        <p>
          Lodestone transfers Customer Personal Data outside Singapore only to recipients bound by legally enforceable obligations
          to give it a standard of protection at least comparable to the PDPA.
        </p>

        <h2>7. Access and correction</h2>
        <p>
          Lodestone helps Customer meet individuals&apos; requests to access or correct their personal data, and refers
          individuals who contact it directly to Customer.
        </p>

        <h2>8. Sub-processors</h2>
        <p>
          Lodestone engages only the sub-processors below, each under written terms at least as protective as this agreement, and
          notifies Customer before engaging a new one.
        </p>
        <SubProcessorTable />

        <h2>9. Customer&apos;s obligations</h2>
        <p>
          Customer remains responsible, as the organisation, for obtaining consent, notifying individuals of its purposes, the
          accuracy of the data it collects and, where it collects phone numbers for marketing, checking them against the Do Not
          Call Registry.
        </p>

        <h2>Annex: Security arrangements</h2>
        <SecurityMeasures />

        <h2>Questions</h2>
        <p>
          About this agreement: use <ContactUs />.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
